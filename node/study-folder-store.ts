/**
 * The run host's StudyStore on disk: one file `<id>.json` per kept study (a gtlab-study record, written
 * atomically) in a `studies` folder beside the run folders. Files that are not readable records are
 * left out of the list and refused by open, with the file and the field named.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { StudyRecord } from '../shared/api/contract.ts';
import { describeJsonProblem, readJsonText } from '../shared/io/json-text.ts';
import {
  parseStudyRecord,
  STUDY_RECORD_ID_PATTERN,
  StudyRecordError,
  type StudyStore,
} from '../shared/host/study-store.ts';
import { writeJsonWhole } from './storage.ts';

/** The studies folder of a runs directory. */
export const STUDIES_DIR = 'studies';

export class FolderStudyStore implements StudyStore {
  constructor(readonly where: string) {}

  private file(id: string): string | null {
    return STUDY_RECORD_ID_PATTERN.test(id) ? join(this.where, `${id}.json`) : null;
  }

  async has(id: string): Promise<boolean> {
    const f = this.file(id);
    return f !== null && existsSync(f);
  }

  async put(record: StudyRecord): Promise<void> {
    const f = this.file(record.id);
    if (!f)
      throw new StudyRecordError(`a kept study's id must be letters, digits, ".", "_" or "-" (got "${record.id}")`);
    mkdirSync(this.where, { recursive: true });
    writeJsonWhole(f, record);
  }

  async list(): Promise<StudyRecord[]> {
    if (!existsSync(this.where)) return [];
    const out: StudyRecord[] = [];
    for (const name of readdirSync(this.where)) {
      if (!name.endsWith('.json')) continue;
      try {
        const r = await this.open(name.slice(0, -'.json'.length));
        if (r) out.push(r);
      } catch {
        // a file that is not a readable study is not listed
      }
    }
    return out;
  }

  async open(id: string): Promise<StudyRecord | null> {
    const f = this.file(id);
    if (!f || !existsSync(f)) return null;
    const json = readJsonText(readFileSync(f, 'utf8'));
    if (!json.ok) throw new StudyRecordError(`${f}: ${describeJsonProblem(json.problem)}`);
    return parseStudyRecord(json.value, f, id);
  }

  async remove(id: string): Promise<void> {
    const f = this.file(id);
    if (f) rmSync(f, { force: true });
  }
}
