/**
 * The Studies tab's view of Li's thesis (renderer/src/components/LiTables.vue): the tables of Chapters
 * 2–4 and Fig. 3.2, Chapter 5's Tables 5.1–5.3 and the Monte-Carlo check of a table's cell, shared by
 * the three studies it runs (./li-table-study.ts, ./li5-study.ts, ./li-mc-study.ts).
 */
import type { StudyTab } from '../studies/study-descriptor.ts';

export const LI_TAB: StudyTab = {
  id: 'li',
  label: 'Li tables',
  hint: 'Li 1989, Tables 2.1–5.3 and Fig. 3.2',
  component: 'LiTables',
};
