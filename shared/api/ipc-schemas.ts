/**
 * zod schemas for every input that crosses the IPC boundary into the main process (the spec itself
 * is validated by parseSpec). Main never trusts a renderer payload. Study requests are checked
 * by their registered schemas (shape, types, the ranges of labelled fields); the computations check the
 * rest and name the field.
 */
import { z } from 'zod';
import { FigureSpecSchema, MAX_RUNS } from '../figures/figure-spec.ts';
import { strictObject } from '../util/strict-object.ts';
import { plainText } from '../util/control-characters.ts';
import type { StudyFigureRequest } from './contract.ts';

/** A run id: also the run folder's name, so no separators, no leading dot. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

export const RunIdSchema = z.string().regex(RUN_ID_PATTERN, 'a run id: letters, digits, ".", "_" or "-"');

export const StudyIdSchema = z.string().regex(/^study-[0-9]{1,15}$/, 'a study id: "study-" and a number');

/** A kept study's id: also its file's name (`studies/<id>.json`), so the same characters as a run id. */
export const StudyRecordIdSchema = z
  .string()
  .regex(RUN_ID_PATTERN, 'a kept study id: letters, digits, ".", "_" or "-"');

export const StudyFigureRequestSchema = strictObject({
  id: StudyRecordIdSchema,
  format: z.enum(['svg', 'png', 'pdf']),
}) satisfies z.ZodType<StudyFigureRequest>;

/** A study request: the union of the registered studies' schemas (../studies/registry.ts). */
export { StudyRequestSchema } from '../studies/registry.ts';

/** A results folder's files as the renderer read them (shared/host/run-folder-files.ts checks their content). */
export const FolderFilesSchema = z
  .array(strictObject({ path: z.string().min(1).max(1000), text: z.string() }))
  .min(1)
  .max(100_000);

/** A run's title, notes and tags as a researcher writes them (History). */
export const RunNotesSchema = strictObject({
  title: plainText(z.string().trim().max(200)).optional(),
  notes: plainText(z.string().max(20_000), true).optional(),
  tags: z
    .array(
      plainText(
        z
          .string()
          .trim()
          .min(1)
          .max(40)
          .regex(/^[^,]+$/, 'a tag without commas'),
      ),
    )
    .max(20)
    .optional(),
});

/** Options of startRun: the worker pool's size for this run and the ones after it (the job pool's limit). */
export const StartOptionsSchema = strictObject({ workers: z.number().int().min(1).max(256).optional() });

export const SaveRequestSchema = strictObject({
  suggestedName: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^/\\\0]+$/, 'a file name without folders'),
  content: z.string().max(256 * 1024 * 1024),
  encoding: z.enum(['utf8', 'base64']),
});

export const FigureRequestSchema = strictObject({
  runId: RunIdSchema,
  format: z.enum(['svg', 'png', 'pdf']),
  /** the figure's settings (gtlab-figure v1): mode, counter, series, title, size, font, legend */
  figure: FigureSpecSchema,
  /** runs overlaid on the first (ratio or absolute figure), up to six in all */
  compareRunIds: z
    .array(RunIdSchema)
    .max(MAX_RUNS - 1)
    .optional(),
}).refine((r) => !r.compareRunIds?.length || r.figure.mode !== 'scatter', {
  path: ['compareRunIds'],
  message: 'compared runs overlay the ratio or absolute figure, not the per-tree scatter',
});

export { describeIssues } from '../util/describe-issues.ts';
