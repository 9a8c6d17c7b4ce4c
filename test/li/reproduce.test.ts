import { describe, expect, test } from 'vitest';
import { reproduceLiTable } from '../../shared/li/reproduce.ts';
import { compareWithPrinted, withinPrinted } from '../../shared/li/compare.ts';
import { LI_FIGURES, LI_TABLES, LI_MODES } from '../../shared/li/li-table.ts';
import { PRINTED_TABLES } from '../../shared/li/thesis-tables.ts';

const WIDTH = { '2.1': 8, '2.2': 8, '3.1': 9, '3.2': 9, '3.3': 10, '4.1': 5, '4.2': 5, '4.3': 5 } as const;

describe('reproduceLiTable', () => {
  test.each(LI_TABLES.flatMap((t) => LI_MODES.map((m) => [t, m] as const)))(
    'table %s, %s: shape, finite values, printed data aligned',
    (t, m) => {
      const r = reproduceLiTable(t, m);
      expect(r.table).toBe(t);
      expect(r.mode).toBe(m);
      expect(r.columns).toHaveLength(WIDTH[t]);
      expect(r.rows.length).toBe(PRINTED_TABLES[t].rows.length);
      r.rows.forEach((row, i) => {
        expect(row.values).toHaveLength(WIDTH[t]);
        for (const v of row.values) expect(Number.isFinite(v)).toBe(true);
        const pr = r.printed!.rows[i];
        expect(withinPrinted(row.f1, pr.f1, r.printed!.factorDigits)).toBe(true);
        expect(withinPrinted(row.f2, pr.f2, r.printed!.factorDigits)).toBe(true);
        expect(t.startsWith('3') ? row.p0 : typeof row.p0).toBe(t.startsWith('3') ? undefined : 'number');
      });
      // Errata are named exactly where the printed computation differs from the model.
      expect(r.errata.length > 0).toBe(m === 'printed' && t !== '2.1');
      expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    },
  );

  test('printed mode reproduces every printed number except the one typo; the corrected model contradicts every table but 2.1', () => {
    for (const t of LI_TABLES) {
      const p = compareWithPrinted(reproduceLiTable(t, 'printed'));
      expect(p.disagreements.map((d) => `${d.row}:${d.column}:${d.printed}`)).toEqual(
        t === '4.3' ? ['23:N_6:73.54'] : [],
      );
      const c = compareWithPrinted(reproduceLiTable(t, 'corrected'));
      expect(c.disagreements.length > 0).toBe(t !== '2.1');
    }
  });

  test('Table 3.3: the OCR lost the third block; it is reported missing, not invented', () => {
    const r = reproduceLiTable('3.3', 'printed');
    const missing = r.printed!.rows.slice(14);
    expect(missing).toHaveLength(7);
    for (const row of missing) {
      expect(row.values.every((v) => v === null)).toBe(true);
      expect(row.ps).toBeNull();
    }
    expect(r.printed!.notes.join()).toMatch(/missing from the OCR/);
    expect(compareWithPrinted(r).missing).toBe(77);
  });

  test("the thesis's claim on Table 3.3 (printed computation): 9 of 21 columns pathological, 17 adjacent pairs", () => {
    const r = reproduceLiTable('3.3', 'printed');
    const round = (x: number) => Math.round(x * 1000) / 1000;
    let columns = 0;
    let pairs = 0;
    for (const row of r.rows) {
      const D = row.values.map(round);
      const drops = D.slice(1).filter((x, i) => D[i] > x).length;
      pairs += drops;
      if (drops > 0) columns++;
    }
    expect(columns).toBe(9);
    expect(pairs).toBe(17);
  });

  test('Fig. 3.2 through the same entry point; bad ids and modes are RangeErrors naming the field', () => {
    expect(reproduceLiTable(LI_FIGURES[0], 'corrected').rows[0].values).toEqual([0.3, 0.2]);
    expect(() => reproduceLiTable('5.1' as never, 'corrected')).toThrow(/table = 5\.1 is not allowed/);
    expect(() => reproduceLiTable('2.2', 'exact' as never)).toThrow(/mode = exact is not allowed/);
  });
});
