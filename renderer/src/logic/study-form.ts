/**
 * The parameter form of a study, for every view of the Studies tab (renderer/src/components/StudyForm.vue):
 * its inputs, labels, hints and ranges come from the study's request schema (shared/studies/), read and
 * written as a draft (./schema-draft.ts) so a half-typed number is kept; the request is the draft read
 * back and checked by the same schema, each refused field's message shown at its input. A view may give
 * some of the request's fields itself (`given`: the Monte-Carlo check's cell, picked on Li's table), which
 * then have no input. A registered study without a view of its own (RegisteredStudy.vue) is this form
 * alone, opened on its example (test/studies/registry.test.ts opens every study's form).
 */
import { computed, reactive, ref } from 'vue';
import type { z } from 'zod';
import type { Draft, DraftObject, FormField } from './schema-draft.ts';
import { formFields, fromDraft, toDraft } from './schema-draft.ts';
import {
  STUDY_REGISTRY,
  studyDescriptor,
  type StudyKind,
  type StudyRequest,
} from '../../../shared/studies/registry.ts';
import type { StudyTab } from '../../../shared/studies/study-descriptor.ts';

/** The views the wings draw themselves (their descriptors' `tab`), once each, in the registry's order. */
export function ownStudyTabs(): StudyTab[] {
  const tabs = new Map<string, StudyTab>();
  for (const d of STUDY_REGISTRY) if (d.tab && !tabs.has(d.tab.id)) tabs.set(d.tab.id, d.tab);
  return [...tabs.values()];
}

/** The registered studies shown by the form alone: every kind without a view of its own. */
export function derivedStudyKinds(): StudyKind[] {
  return STUDY_REGISTRY.filter((d) => d.tab === undefined).map((d) => d.kind);
}

/** The request schema less the fields the view gives itself. */
function formSchema(kind: string, given: readonly string[]): z.ZodType {
  const schema = studyDescriptor(kind).schema as unknown as z.ZodObject;
  if (given.length === 0) return schema;
  const mask = Object.fromEntries(given.map((k) => [k, true])) as Record<string, true> & Record<number, never>;
  return schema.omit(mask);
}

/** The inputs of a study's form; paths are the request's fields ("trees", "limit.kind", "spec.model.height"). */
export function studyFormFields(kind: string, given: readonly string[] = []): FormField[] {
  return formFields(formSchema(kind, given), 'q').map((f) => ({
    ...f,
    path: f.path.slice(2),
    when: f.when && { ...f.when, path: f.when.path.slice(2) },
  }));
}

/** The draft the form opens with: `initial`, a request of the kind (default: the study's example). */
export function initialStudyDraft(kind: string, initial?: object, given: readonly string[] = []): DraftObject {
  return toDraft(formSchema(kind, given), initial ?? studyDescriptor(kind).example) as DraftObject;
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

/**
 * The request the draft and the `given` fields make, or the schema's messages by field path ("" for the
 * request as a whole).
 */
export function studyRequestOf(
  kind: string,
  draft: DraftObject,
  given: Record<string, unknown> = {},
): { request: StudyRequest; errors: null } | { request: null; errors: Record<string, string> } {
  const schema = studyDescriptor(kind).schema;
  const r = schema.safeParse({ ...(fromDraft(formSchema(kind, Object.keys(given)), draft) as object), ...given });
  if (r.success) return { request: r.data, errors: null };
  const errors: Record<string, string> = {};
  for (const i of r.error.issues) errors[i.path.join('.')] ??= i.message;
  return { request: null, errors };
}

/**
 * A view's form of study `kind` (in a component's setup), opened on `initial` (default: the example):
 * its inputs, the draft they edit, the checked `request` (null while a field is refused) and the
 * messages of the refused fields that have an input. `given` returns the fields the view sets itself,
 * always under the same keys; a refusal of one of them is the view's to show (e.g. no cell picked).
 */
export function useStudyForm<K extends StudyKind>(
  kind: K,
  o: { initial?: Extract<StudyRequest, { kind: K }> | object; given?: () => Record<string, unknown> } = {},
) {
  const given = o.given ? Object.keys(o.given()) : [];
  const draft = ref(initialStudyDraft(kind, o.initial, given));
  const checked = computed(() => studyRequestOf(kind, draft.value, o.given?.()));
  const ofGiven = (path: string) => given.some((k) => path === k || path.startsWith(`${k}.`));
  return reactive({
    kind,
    fields: studyFormFields(kind, given),
    draft,
    request: computed(() => checked.value.request as Extract<StudyRequest, { kind: K }> | null),
    errors: computed(() =>
      Object.fromEntries(Object.entries(checked.value.errors ?? {}).filter(([path]) => !ofGiven(path))),
    ),
  });
}

export type StudyForm = ReturnType<typeof useStudyForm>;
