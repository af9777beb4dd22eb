import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import { ZodError } from 'zod';
import { displayName } from '../../../shared/file-names';
import { MAX_VIDEO_BYTES } from '../../../shared/limits';
import {
  RESUMABLE_TEXTS,
  RESUMABLE_UPLOAD_PATH,
  type ResumableMetadata,
  resumableMetadata,
} from '../../../shared/schemas/resumable-upload';
import { serverMessage, UPLOAD_MESSAGES, VIDEO_TEXTS } from '../../../shared/schemas/videos';
import { DomainError, Forbidden, InvalidInput, PayloadTooLarge } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { strapiError } from '../../rest/strapi';
import type { Services } from '../../services';
import { spendBudget } from '../budgets/service';
import { countUpload } from '../metrics/uploads';
import { uploadAnswer } from '../videos/legacy-shape';
import { getVideo } from '../videos/read-service';
import { acceptUpload, checkUploadChoices } from './accept-upload';
import { companyScopedDatastore } from './resumable-company-store';
import * as repo from './resumable-repo';
import { resumableStore } from './resumable-store';
import { isCompanyUpload } from './resumable-upload-id';
import { PostgresUploadLocker } from './upload-locker';
import type { ReceivedFile, ReceivedUpload } from './upload-receiver';

/** The forms' field names, as the multipart paths take them (accept-upload.ts). */
const VIDEO_FIELD = { generate: 'file', hardcode: 'fileVideo' } as const;

function metadataOf(upload: Upload): ResumableMetadata {
  const raw = Object.fromEntries(
    Object.entries(upload.metadata ?? {}).map(([key, value]) => [key, value ?? '']),
  );
  const checked = resumableMetadata.safeParse(raw);
  if (!checked.success) {
    const [first] = checked.error.issues;
    throw new InvalidInput(RESUMABLE_TEXTS.badMetadata, String(first?.path[0] ?? 'metadata'));
  }
  return checked.data;
}

function fieldsOf(metadata: ResumableMetadata): Record<string, string> {
  const { mode: _mode, filename: _filename, ...fields } = metadata;
  return fields as Record<string, string>;
}

/** A refusal in the words and Strapi shape of the multipart paths; tus sends it as the answer. */
function tusRefusal(error: unknown): { status_code: number; body: string } {
  if (error instanceof DomainError) {
    const details = 'missingCents' in error ? { missingCents: error.missingCents } : {};
    return {
      status_code: error.status,
      body: JSON.stringify(strapiError(error.status, error.name, error.message, details)),
    };
  }
  if (error instanceof ZodError) {
    const message = error.issues[0]?.message ?? 'Invalid input';
    return { status_code: 400, body: JSON.stringify(strapiError(400, 'ValidationError', message)) };
  }
  throw error;
}

/**
 * Who a request handed to the tus server comes from, and the upload its route's parameter named
 * (none for a creation): tus reads the upload from here, never from the request's URL.
 */
export interface TusCaller {
  user: SessionUser;
  uploadId?: string;
}

export interface ResumableUploads {
  /** Hands a request the caller was authenticated for (and owns the upload of) to the tus server. */
  handle(caller: TusCaller, req: IncomingMessage, res: ServerResponse): Promise<void>;
  server: Server;
  /** Ends the connections of the upload locks (the app closing). */
  close(): Promise<void>;
}

/**
 * The tus 1.0 endpoint. An upload is created only when its metadata passes the checks that can run
 * before the bytes (choices, style, SRT), and on its last byte goes through `acceptUpload`, as the
 * forms' multipart paths do: probed, charged and queued, or refused with their messages and charged nothing.
 */
export async function resumableUploads(services: Services): Promise<ResumableUploads> {
  const store = await resumableStore(services);
  // The caller of the request being handled, through every callback and store call tus makes for it.
  const requests = new AsyncLocalStorage<TusCaller>();
  const callerOf = (): TusCaller => {
    const caller = requests.getStore();
    if (!caller) throw new Error('A resumable upload request reached tus without its caller');
    return caller;
  };
  /** Whether the request being handled may touch the upload of this store id: its company's only. */
  const mayUse = (storeId: string) => isCompanyUpload(callerOf().user.companyId, store.urlId(storeId));

  async function create(_req: unknown, upload: Upload) {
    try {
      const { user } = callerOf();
      if (!user.companyId) throw new Forbidden(VIDEO_TEXTS.noCompany);
      // Creating a resumable upload is an upload, counted as the multipart paths count theirs.
      await spendBudget(services, 'upload', { userId: user.id });
      if (upload.size === undefined) throw new InvalidInput('Upload-Length is required.', 'Upload-Length');
      if (upload.size > MAX_VIDEO_BYTES) throw new PayloadTooLarge(serverMessage(UPLOAD_MESSAGES.tooBig));
      if (upload.size === 0) throw new InvalidInput(serverMessage(UPLOAD_MESSAGES.mp4Required), 'file');
      const metadata = metadataOf(upload);
      checkUploadChoices(services, metadata.mode, fieldsOf(metadata));
      if (
        metadata.mode === 'hardcode' &&
        !(await repo.findPendingSrt(services.db, user.companyId, metadata.srt))
      )
        throw new InvalidInput(RESUMABLE_TEXTS.srtExpired, 'fileSub');
      return { metadata: upload.metadata };
    } catch (error) {
      throw tusRefusal(error);
    }
  }

  async function receivedUpload(
    urlId: string,
    upload: Upload,
    metadata: ResumableMetadata,
    companyId: number,
  ) {
    const files: Record<string, ReceivedFile> = {};
    let subtitleNotes: readonly string[] | undefined;
    const discard = async () => {
      await Promise.all(Object.values(files).map((file) => rm(file.path, { force: true })));
      await store.remove(urlId);
      if (metadata.mode === 'hardcode') await repo.deletePendingSrt(services.db, metadata.srt);
    };
    try {
      files[VIDEO_FIELD[metadata.mode]] = {
        path: await store.takeFinished(urlId),
        filename: displayName(metadata.filename),
        bytes: upload.size ?? 0,
      };
      if (metadata.mode === 'hardcode') {
        const srt = await repo.findPendingSrt(services.db, companyId, metadata.srt);
        if (!srt) throw new InvalidInput(RESUMABLE_TEXTS.srtExpired, 'fileSub');
        const file = path.join(services.tmpDir, randomUUID());
        await writeFile(file, srt.srt);
        files.fileSub = { path: file, filename: srt.name, bytes: Buffer.byteLength(srt.srt) };
        subtitleNotes = srt.readingNotes;
      }
    } catch (error) {
      await discard();
      throw error;
    }
    return { fields: fieldsOf(metadata), files, discard, subtitleNotes } satisfies ReceivedUpload;
  }

  async function finish(_req: unknown, upload: Upload) {
    try {
      const { user } = callerOf();
      const companyId = user.companyId;
      if (!companyId) throw new Forbidden(VIDEO_TEXTS.noCompany);
      const urlId = store.urlId(upload.id);
      const metadata = metadataOf(upload);
      const received = await receivedUpload(urlId, upload, metadata, companyId);
      const bytes = upload.size ?? 0;
      const videoId = await acceptUpload(services, user, metadata.mode, received, 'any-video', (trx, id) =>
        repo.recordFinishedUpload(trx, { uploadId: urlId, companyId, videoId: id, bytes }),
      );
      services.logger.info({ videoId, companyId, mode: metadata.mode, resumable: true }, 'video uploaded');
      countUpload(metadata.mode, bytes);
      const body = uploadAnswer(await getVideo(services.db, user, videoId));
      return {
        status_code: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      };
    } catch (error) {
      throw tusRefusal(error);
    }
  }

  // Requests for one upload reaching different app processes are taken one at a time.
  const locker = new PostgresUploadLocker({
    connectionString: services.databaseUrl,
    connections: services.config.RESUMABLE_UPLOAD_LOCK_CONNECTIONS,
  });
  const server = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: companyScopedDatastore(store.datastore, mayUse),
    locker,
    relativeLocation: true,
    namingFunction: () => store.storeId(`c${callerOf().user.companyId}-${randomBytes(16).toString('hex')}`),
    // The URL names the upload without the bucket's prefix: one path segment.
    generateUrl: (_req, { path: base, id }) => `${base}/${store.urlId(id)}`,
    // The upload the route's parameter named, never the URL's last segment, which tus would read past
    // a query string (`…/<own id>?x=/<another company's id>`); another company's answers 404.
    getFileIdFromRequest: () => {
      const { uploadId } = callerOf();
      if (!uploadId) return undefined;
      const storeId = store.storeId(uploadId);
      return mayUse(storeId) ? storeId : undefined;
    },
    onUploadCreate: create,
    onUploadFinish: finish,
    onResponseError: (_req, error) => {
      // Refusals (ours, in the forms' words, and the tus server's own) are sent as they are.
      if (!(error instanceof Error)) return undefined;
      services.logger.error({ err: error }, 'resumable upload failed');
      return {
        status_code: 500,
        body: JSON.stringify(strapiError(500, 'InternalServerError', 'Internal Server Error')),
      };
    },
  });

  return {
    server,
    handle: (caller, req, res) => requests.run(caller, () => server.handle(req, res)),
    close: () => locker.close(),
  };
}
