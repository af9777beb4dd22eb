import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the code decides company access, found by reading the source: the queries of company-owned
 * tables (scripts/company-access.test.ts holds them to the access module) and every guard site
 * (test/security/guard-coverage.test.ts holds each to a mutation of guard-mutations.ts).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

export const readSource = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The server's and worker's source files, tests and the access module's own left out. */
export function sourceFiles(dir = 'server'): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** Comments blanked, newlines and offsets kept: a comment may name a query or a check. */
export const withoutComments = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/\/\/[^\n]*/g, (comment) => comment.replace(/./g, ' '));

/** Table name → its columns, from the `Database` interface of server/db/schema.ts. */
function schemaColumns(): Map<string, string[]> {
  const schema = readSource('server/db/schema.ts');
  const columnsOf = new Map<string, string[]>();
  for (const [, name = '', body = ''] of schema.matchAll(/export interface (\w+) \{([\s\S]*?)\n\}/g))
    columnsOf.set(
      name,
      [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((match) => match[1] ?? ''),
    );
  const database = /export interface Database \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? '';
  return new Map(
    [...database.matchAll(/^ {2}(\w+): (\w+);/gm)].map(([, table = '', type = '']) => [
      table,
      columnsOf.get(type) ?? [],
    ]),
  );
}

/** The tables a company owns (a company_id column), and those reached through a video (video_id). */
export function companyTables() {
  const tables = [...schemaColumns()];
  return {
    owned: tables.filter(([, columns]) => columns.includes('company_id')).map(([table]) => table),
    throughVideo: tables
      .filter(([, columns]) => columns.includes('video_id') && !columns.includes('company_id'))
      .map(([table]) => table),
  };
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The name of the function a place is in: the nearest function declared before it. */
function functionAt(code: string, offset: number): string {
  const before = code.slice(0, offset);
  const names = [...before.matchAll(/(?:function\s+(\w+)|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?\()/g)];
  const last = names.at(-1);
  return last?.[1] ?? last?.[2] ?? '(top level)';
}

export interface QuerySite {
  file: string;
  line: number;
  /** `file#function`, the key of the allow-list. */
  site: string;
  table: string;
  /** Whether the query starts from the access module's companyRows(…). */
  throughAccess: boolean;
}

/** Every selectFrom / updateTable / deleteFrom of a company-owned or video-reached table. */
export function companyQuerySites(files = [...sourceFiles('server'), ...sourceFiles('worker')]): QuerySite[] {
  const { owned, throughVideo } = companyTables();
  const watched = new Set([...owned, ...throughVideo]);
  return files
    .filter((file) => !file.startsWith('server/access/') && !file.startsWith('server/db/'))
    .flatMap((file) => {
      const code = withoutComments(readSource(file));
      return [...code.matchAll(/\b(?:selectFrom|updateTable|deleteFrom)\(\s*'(\w+)(?: as \w+)?'/g)]
        .filter(([, table = '']) => watched.has(table))
        .map((match) => {
          const offset = match.index ?? 0;
          const before = code.slice(Math.max(0, offset - 200), offset).replace(/\s*\.?\s*$/, '');
          return {
            file,
            line: lineOf(code, offset),
            site: `${file}#${functionAt(code, offset)}`,
            table: match[1] ?? '',
            throughAccess: /companyRows\([^()]*\)$/.test(before),
          };
        });
    });
}

/** The functions of server/access/checks.ts and repo.ts that decide access: each call is a guard site. */
export const ACCESS_FUNCTIONS = ['companyRows', 'videoOfCompany', 'seesCompany', 'sameCompany'] as const;

/**
 * The checks still written by hand, found by pattern: a role test, a comparison of company ids, a
 * filter on the user or company column. Each is a guard site too.
 */
const HAND_WRITTEN_GUARDS: [string, RegExp][] = [
  ['a role check', /\brole\s*[!=]==\s*'Admin'/g],
  ['a comparison of company ids', /\bcompany_?[iI]d\s*[!=]==|[!=]==\s*[\w?.]*\bcompany_?[iI]d\b/g],
  ['a user or company filter', /\.where\(\s*'(?:\w+\.)?(?:user_id|company_id|created_by)',\s*'='/g],
];

export interface GuardSite {
  file: string;
  /** The function it is in. */
  within: string;
  line: number;
  offset: number;
  what: string;
  text: string;
}

/** Every guard site of the server: each call of an access function, and each hand-written check. */
export function guardSites(files = sourceFiles('server')): GuardSite[] {
  const patterns: [string, RegExp][] = [
    [`a call of the access module`, new RegExp(`\\b(?:${ACCESS_FUNCTIONS.join('|')})\\(`, 'g')],
    ...HAND_WRITTEN_GUARDS,
  ];
  return files
    .filter((file) => !file.startsWith('server/access/') && !file.startsWith('server/db/'))
    .flatMap((file) => {
      const code = withoutComments(readSource(file));
      return patterns.flatMap(([what, pattern]) =>
        [...code.matchAll(pattern)]
          .filter((match) => !/^\s*import\b/.test(code.slice(code.lastIndexOf('\n', match.index) + 1)))
          .map((match) => {
            const offset = match.index ?? 0;
            const lineStart = code.lastIndexOf('\n', offset) + 1;
            const lineEnd = code.indexOf('\n', offset);
            return {
              file,
              within: functionAt(code, offset),
              line: lineOf(code, offset),
              offset,
              what,
              text: code.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim(),
            };
          }),
      );
    });
}
