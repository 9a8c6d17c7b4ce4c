/**
 * The kinds of study by kind: the request union and its IPC schema, the job dispatch
 * (../jobs/study-jobs.ts), History's rows (../host/study-store.ts), the CSV and figure exports
 * (./study-exports.ts) and `gtlab study` are all derived from this list. Adding a study is one
 * descriptor file (see ./study-descriptor.ts) and one line below; test/studies/registry.test.ts checks
 * every entry.
 */
import { z } from 'zod';
import { c4Study } from '../connect4/c4-study.ts';
import { liMcStudy } from '../li/li-mc-study.ts';
import { liTableStudy } from '../li/li-table-study.ts';
import { liPabStudy } from '../li/li-pab-study.ts';
import { li5Study } from '../li/li5-study.ts';
import { matchStudy } from '../rivest/match-study.ts';
import { othelloStudy } from '../othello/othello-study.ts';
import { pathologyStudy } from '../althofer/pathology-study.ts';
import type { StudyDescriptor } from './study-descriptor.ts';
import { registryLookup, schemasOf } from '../util/registry-lookup.ts';

export const STUDY_REGISTRY = [
  liTableStudy,
  li5Study,
  liMcStudy,
  c4Study,
  othelloStudy,
  matchStudy,
  pathologyStudy,
  liPabStudy,
] as const;

type Registered = (typeof STUDY_REGISTRY)[number];
type RequestOf<D> = D extends StudyDescriptor<infer Q, infer _R> ? Q : never;
type ResultOf<D> = D extends StudyDescriptor<infer _Q, infer R> ? R : never;

/** A study as the Studies tab, History and `gtlab study` ask for it: its kind and parameters. */
export type StudyRequest = RequestOf<Registered>;
/** What a study computed, tagged with its kind (kept records hold it as the worker sent it). */
export type StudyResult = ResultOf<Registered>;
export type StudyKind = StudyRequest['kind'];

export const STUDY_KINDS = STUDY_REGISTRY.map((d) => d.kind) as readonly StudyKind[];

/**
 * A study request as it crosses the IPC boundary or is read back from a kept record: checked for shape
 * and types (and the ranges of labelled fields); the computations check the rest and name the field.
 */
export const StudyRequestSchema = z.discriminatedUnion(
  'kind',
  schemasOf(STUDY_REGISTRY) as unknown as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<StudyRequest>;

type LooseStudy = StudyDescriptor<StudyRequest, StudyResult>;
const byKind = registryLookup(STUDY_REGISTRY as unknown as readonly LooseStudy[], (d) => d.kind, 'study kind');

/** The descriptor of a kind of study, typed loosely: its functions take the request it validated. */
export function studyDescriptor(kind: string): LooseStudy {
  return byKind(kind);
}

/** What each kind of study is called (History's rows). */
export const STUDY_TITLES = Object.fromEntries(STUDY_REGISTRY.map((d) => [d.kind, d.title])) as Record<
  StudyKind,
  string
>;

/** A request's parameters on one line: History's rows and the provenance line of a study's CSV. */
export function studyParameters(req: StudyRequest): string {
  return studyDescriptor(req.kind).summary(req);
}

/** Whether a result has a figure to export (./study-exports.ts studyFigureOption). */
export function hasStudyFigure(result: StudyResult): boolean {
  return studyDescriptor(result.kind).figure !== undefined;
}
