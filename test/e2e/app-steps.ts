/**
 * Steps the browser tests take in the app as a user takes them: fill in the run form, run it and open a
 * tree in the tree viewer, start a pathology study.
 */
import type { Page } from 'playwright-core';

/** Choose `preset` in the run form and set its number of trees and its depth. */
export async function fillRunForm(page: Page, preset: string, trees: number, depth: number): Promise<void> {
  await page.selectOption('[data-test=preset]', preset);
  await page.fill('[data-test=trees]', String(trees));
  await page.fill('[data-test=depth]', String(depth));
}

/**
 * Start the run the form describes, wait (up to `timeout` ms) until it completes, and choose its tree 0 in
 * the tree viewer, the depth still to be chosen.
 */
export async function runAndChooseTree(page: Page, timeout = 60_000): Promise<void> {
  await page.click('[data-test=start]');
  await page.waitForSelector('[data-test=run][data-status=completed]', { timeout });
  await page.click('[data-test=tab-tree]');
  await page.fill('[data-test=tree-index]', '0');
}

/** Start the run the form describes, wait until it completes, and open its tree 0 at `depth`, its trace built. */
export async function runAndOpenTree(page: Page, depth: number): Promise<void> {
  await runAndChooseTree(page);
  await page.fill('[data-test=tree-depth]', String(depth));
  await page.waitForSelector('[data-test=tree-canvas]', { timeout: 60_000 });
  await page.waitForSelector('[data-test=tree-building]', { state: 'detached', timeout: 60_000 });
}

/**
 * Set inputs of a study's form (renderer/src/components/StudyForm.vue) by their request paths, in
 * order: a choice is selected, any other input filled.
 */
export async function fillStudyForm(page: Page, kind: string, values: Record<string, string>): Promise<void> {
  for (const [path, value] of Object.entries(values)) {
    const input = page.locator(`[data-test=study-form-${kind}] [data-field="${path}"]`);
    if ((await input.evaluate((e) => e.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
}

/** In the Studies tab, a pathology study of the uniform model (height, degree, flip noise, trees) started. */
export async function startPathology(
  page: Page,
  { height, degree, noise, trees }: { height: number; degree: number; noise: number; trees: number },
): Promise<void> {
  await page.click('[data-test=study-pathology]');
  await fillStudyForm(page, 'pathology', {
    'spec.model.kind': 'uniform',
    'spec.model.height': String(height),
    'spec.model.degree': String(degree),
    'spec.noise.e': String(noise),
    'spec.trees': String(trees),
  });
  await page.click('[data-test=study-run-pathology]');
}
