/**
 * A kept study's exports, whatever its kind: the tidy CSV (one row per observation — a table row, a
 * (d, n) cell, a Monte-Carlo check, a solved position, a match, a method at a depth — numbers at full
 * precision, RFC 4180 quoting) under the provenance line `# <kind>; <parameters>; <generator>` (more
 * `#` lines may follow: a title, errata, the openings played), and the figure of the kinds that have
 * one, the ECharts option rendered on the host like a run's figure (SVG with the font embedded, PNG at
 * 300 dpi, PDF on the desktop). Each kind's CSV and figure are its descriptor's (./registry.ts).
 */
import { provenanceLine } from './csv-rows.ts';
import { hasStudyFigure, studyDescriptor, studyParameters, type StudyRequest, type StudyResult } from './registry.ts';
import type { StudyFigureOption } from './study-descriptor.ts';

/** The provenance line every study CSV starts with. */
export function studyProvenance(request: StudyRequest, generator: string): string {
  return provenanceLine(request.kind, studyParameters(request), generator);
}

/** The CSV of a kept study, whatever its kind. */
export function studyCsv(record: { request: StudyRequest; result: StudyResult; generator: string }): string {
  const { request: q, result: r, generator: g } = record;
  if (q.kind !== r.kind) throw new RangeError(`study: a ${q.kind} request with a ${r.kind} result`);
  return studyDescriptor(q.kind).csv(q, r, studyProvenance(q, g));
}

/** The option of a study's figure in `fontFamily`, or null for a result without one (see hasStudyFigure). */
export function studyFigureOption(result: StudyResult, o: { fontFamily?: string } = {}): StudyFigureOption | null {
  return hasStudyFigure(result) ? studyDescriptor(result.kind).figure!(result, o) : null;
}

/** A kept study's export file name: its id (a UTC stamp and the kind) and the extension. */
export function studyFileName(record: { id: string }, ext: string): string {
  return `${record.id}.${ext}`;
}
