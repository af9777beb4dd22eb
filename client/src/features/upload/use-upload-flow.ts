import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { UPLOAD_SUCCESS_ALERT_MS } from '../../../../shared/limits';
import { DEFAULT_PRICES, type PriceList, priceFor } from '../../../../shared/pricing';
import { VIDEO_TEXTS } from '../../../../shared/schemas/videos';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { missingEuros } from './price-line';
import { clearSavedUpload, type SavedUpload, saveUpload } from './saved-upload';
import { type PreviousUpload, sendResumableUpload } from './send-resumable-upload';
import type { Transfer } from './transfer-summary';

export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'success';

/**
 * The REST paths of the two modes: PRODUCT.md §7's fields and answers, and beside its MP4 the types
 * of shared/schemas/input-formats.ts (the legacy /api/upload-log paths keep taking MP4 only).
 */
export const UPLOAD_PATHS = { generate: '/api/videos/upload', hardcode: '/api/videos/upload/hc' } as const;

export interface UploadRequest {
  form: FormData;
  /** What to keep if credits run short, so the user finds the form again after buying. */
  saved: SavedUpload;
  durationSeconds: number | null;
  /** An earlier upload of the same file to continue (the offer of `ResumeUploadOffer`). */
  resume?: PreviousUpload;
}

/** The navigation state /balance reads to prefill the missing euros. */
export interface BalanceState {
  credits: number;
}

/**
 * The price list (the defaults of PRODUCT.md §9 until the server's has loaded, or if it cannot be loaded).
 */
export function usePrices(): { prices: PriceList; loaded: boolean } {
  const trpc = useTRPC();
  const query = useQuery(trpc.billing.prices.queryOptions());
  return { prices: query.data ?? DEFAULT_PRICES, loaded: query.isSuccess };
}

/**
 * The upload flow of PRODUCT.md §4, for both modes: /login for a visitor; the insufficient-credits detour
 * (checked before sending and on a 402); real bytes-sent progress; the overlay while uploading and
 * while the server checks the file; 'Upload successful!' for 3 seconds, then /videos.
 */
export function useUploadFlow(mode: SavedUpload['form']['mode']) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { enabled: session.loggedIn }));
  const { prices } = usePrices();
  const [phase, setPhase] = useState<UploadPhase>('idle');
  /** The server's notes on the uploaded subtitle file (repairs, warnings), shown with the success. */
  const [notes, setNotes] = useState<readonly string[]>([]);
  const [progress, setProgress] = useState(0);
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Leaving the screen cancels an upload in flight; the browser also asks before closing the tab.
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (phase !== 'uploading' && phase !== 'processing') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);
  useEffect(() => {
    if (phase !== 'success') return;
    const timer = window.setTimeout(() => navigate('/videos'), UPLOAD_SUCCESS_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  const buyCredits = useCallback(
    async (saved: SavedUpload, missingCents: number) => {
      await saveUpload(saved);
      const state: BalanceState = { credits: missingEuros(missingCents, 0) };
      navigate('/balance', { state });
    },
    [navigate],
  );

  const submit = useCallback(
    async ({ form, saved, durationSeconds, resume }: UploadRequest) => {
      setServerError(null);
      if (!session.loggedIn) {
        navigate('/login');
        return;
      }
      if (me.data && me.data.companyId === null) {
        setServerError(VIDEO_TEXTS.noCompany);
        return;
      }
      const credits = me.data?.company?.creditsCents;
      if (durationSeconds !== null && credits !== undefined) {
        const price = priceFor(durationSeconds, prices);
        if (price > credits) {
          await buyCredits(saved, price - credits);
          return;
        }
      }

      setPhase('uploading');
      setNotes([]);
      setProgress(0);
      const startedAt = Date.now();
      let startedFrom: number | undefined;
      setTransfer(null);
      const controller = new AbortController();
      abort.current = controller;
      // Over tus (send-resumable-upload.ts): a dropped connection or a reload resumes where it stopped.
      const answer = await sendResumableUpload(mode, form, {
        resume: resume?.upload,
        signal: controller.signal,
        onProgress: (percent, bytes) => {
          setProgress(percent);
          // A resumed upload's first report is where the server stood: the speed counts from there.
          startedFrom ??= bytes?.loaded;
          if (bytes) setTransfer({ ...bytes, startedAt, startedFrom });
          if (percent >= 100) setPhase('processing');
        },
      });
      abort.current = null;
      setTransfer(null);
      if (controller.signal.aborted) return;
      if (answer.ok) {
        await clearSavedUpload();
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.videos.pathKey() });
        setNotes(answer.notes ?? []);
        setPhase('success');
        return;
      }
      setPhase('idle');
      setProgress(0);
      if (answer.status === 401) {
        navigate('/login');
      } else if (answer.status === 402 && answer.missingCents !== undefined) {
        await buyCredits(saved, answer.missingCents);
      } else if (answer.status === 503) {
        setUnavailable(answer.message);
      } else {
        console.error('Upload refused', answer);
        setServerError(answer.message);
      }
    },
    [session.loggedIn, me.data, prices, mode, navigate, buyCredits, queryClient, trpc],
  );

  /**
   * PRODUCT.md §2: a visitor who submits an upload goes to /login (before any check of the form). What they
   * chose is kept, as for a short balance, and waits for them on /video/upload after logging in.
   */
  const ensureLoggedIn = useCallback(
    async (saved: SavedUpload): Promise<boolean> => {
      if (session.loggedIn) return true;
      await saveUpload(saved);
      navigate('/login');
      return false;
    },
    [session.loggedIn, navigate],
  );

  /** Stops the upload in flight: nothing reached the server as a video, nothing is charged. */
  const cancel = useCallback(() => {
    abort.current?.abort();
    setPhase('idle');
    setProgress(0);
    setServerError('The upload was cancelled.');
  }, []);

  return {
    phase,
    progress,
    transfer,
    serverError,
    notes,
    unavailable,
    submit,
    cancel,
    ensureLoggedIn,
    busy: phase !== 'idle',
  };
}
