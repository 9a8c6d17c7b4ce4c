/**
 * The form of a registered study that has no view of its own (renderer/src/components/RegisteredStudy.vue):
 * its inputs, labels and hints come from the study's request schema (shared/studies/), read and written
 * as a draft (./schema-draft.ts) so a half-typed number is kept; the request is the draft read back and
 * checked by the same schema, each refused field's message shown at its input. The form holds what a
 * draft holds: objects, unions chosen by `kind`, numbers, text, choices and switches
 * (test/studies/registry.test.ts opens every such study's form on its example).
 */
import type { Draft, DraftObject, FormField } from './schema-draft.ts';
import { formFields, fromDraft, toDraft } from './schema-draft.ts';
import {
  STUDY_REGISTRY,
  studyDescriptor,
  type StudyKind,
  type StudyRequest,
} from '../../../shared/studies/registry.ts';

/** The kinds the Studies tab's own views show (Li's tables and checks, the two solvers, match play, pathology). */
const OWN_VIEWS: readonly string[] = ['li-table', 'li5', 'li-mc', 'c4', 'othello', 'match', 'pathology'];

/** The registered studies shown by the form derived from their schema: every kind without a view of its own. */
export function derivedStudyKinds(): StudyKind[] {
  return STUDY_REGISTRY.map((d) => d.kind).filter((k) => !OWN_VIEWS.includes(k));
}

/** The inputs of a study's form; paths are the request's fields ("trees", "limit.kind"). */
export function studyFormFields(kind: string): FormField[] {
  return formFields(studyDescriptor(kind).schema, 'q').map((f) => ({
    ...f,
    path: f.path.slice(2),
    when: f.when && { ...f.when, path: f.when.path.slice(2) },
  }));
}

/** The draft the form opens with: the study's example request. */
export function initialStudyDraft(kind: string): DraftObject {
  const d = studyDescriptor(kind);
  return toDraft(d.schema, d.example) as DraftObject;
}

export function draftAt(draft: DraftObject, path: string): Draft | undefined {
  let x: Draft | undefined = draft;
  for (const k of path.split('.')) x = x !== undefined && typeof x === 'object' && !Array.isArray(x) ? x[k] : undefined;
  return x;
}

export function setDraftAt(draft: DraftObject, path: string, value: Draft): void {
  const keys = path.split('.');
  let o = draft;
  for (const k of keys.slice(0, -1)) o = o[k] as DraftObject;
  o[keys[keys.length - 1]] = value;
}

/** The request the draft gives, or the schema's messages by field path ("" for the request as a whole). */
export function studyRequestOf(
  kind: string,
  draft: DraftObject,
): { request: StudyRequest; errors: null } | { request: null; errors: Record<string, string> } {
  const schema = studyDescriptor(kind).schema;
  const r = schema.safeParse(fromDraft(schema, draft));
  if (r.success) return { request: r.data, errors: null };
  const errors: Record<string, string> = {};
  for (const i of r.error.issues) errors[i.path.join('.')] ??= i.message;
  return { request: null, errors };
}
