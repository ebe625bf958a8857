/**
 * Accessibility of the exam without axe (WCAG 2.2 AA, issue 25): a whole exam taken with the keyboard only (Tab,
 * Enter, Space, arrow keys; no mouse, no element.click()), checking at every step that the focused element is visibly
 * indicated and not hidden behind the sticky headers; touch targets of at least 24x24 CSS px on a phone; right and
 * wrong in the result detail carried by an icon and words, not colour only.
 */
import { expect, test, type Page } from '@playwright/test';
import { stateFile, storedSession } from '../support/fixtures';
import { DEMO_EXAM, demoExamId, finishRunningAttempt, startDemoExam } from '../support/exam';

test.use({ storageState: stateFile('student') });

interface FocusInfo {
  name: string;
  role: string;
  top: number;
  bottom: number;
  /** the lowest bottom edge of the sticky headers above it (0 when it is inside one, or in a dialog) */
  coveredTo: number;
  viewport: number;
  focusVisible: boolean;
  indicated: boolean;
}

/** The focused element: its name, where it is, and whether a focus ring is drawn. */
async function focused(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '', role: '', top: 0, bottom: 0, coveredTo: 0, viewport: innerHeight, focusVisible: false, indicated: false };
    const r = el.getBoundingClientRect();
    const inOverlay = !!el.closest('[role="dialog"], [role="alertdialog"]');
    const stickies = [document.querySelector('header'), document.querySelector('[data-testid="exam-header"]')].filter(
      (h): h is HTMLElement => !!h && !h.contains(el),
    );
    const coveredTo = inOverlay ? 0 : Math.max(0, ...stickies.map((h) => h.getBoundingClientRect().bottom));
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
    const shadow = cs.boxShadow !== 'none' && cs.boxShadow !== '';
    return {
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      role: el.getAttribute('role') ?? el.tagName.toLowerCase(),
      top: r.top,
      bottom: r.bottom,
      coveredTo,
      viewport: innerHeight,
      focusVisible: el.matches(':focus-visible'),
      indicated: outline || shadow,
    };
  });
}

/** The focused element is shown with a focus ring and lies fully below the sticky headers, inside the viewport. */
async function expectFocusShown(page: Page) {
  const f = await focused(page);
  expect(f.name, 'something is focused').not.toBe('');
  // (the computed style of the focused element now: the :focus-visible or :focus rules that apply to it)
  expect(f.indicated, `${f.name} (${f.role}, focus-visible ${f.focusVisible}): an outline or box-shadow shows the focus`).toBe(true);
  expect(f.top, `${f.name}: not under the sticky header (top ${f.top} < ${f.coveredTo})`).toBeGreaterThanOrEqual(f.coveredTo - 0.5);
  // (a tall element, such as the question focused as a whole: its top part at least)
  expect(Math.min(f.bottom, f.top + 24), `${f.name}: inside the viewport`).toBeLessThanOrEqual(f.viewport + 0.5);
  return f;
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches, checking the focus at every stop. */
async function tabTo(page: Page, name: RegExp | string, opts: { back?: boolean; max?: number } = {}) {
  const want = typeof name === 'string' ? new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : name;
  const seen: string[] = [];
  for (let i = 0; i < (opts.max ?? 120); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (f.name) await expectFocusShown(page);
    seen.push(f.name);
    if (want.test(f.name)) return f;
  }
  throw new Error(`never reached ${want} with the keyboard; focus went through: ${seen.join(' | ')}`);
}

const activeName = (page: Page) => focused(page).then((f) => f.name);
const view = (page: Page) => page.getByTestId('question-view');

test.describe('keyboard-only exam', () => {
  test.afterAll(async ({ request }) => {
    const s = storedSession('student');
    await finishRunningAttempt(request, s.token, s.user._id, await demoExamId(request, s.token, s.user._id));
  });

  test('a student takes the whole exam with the keyboard: every question, options, audio, submit, the result', async ({ page }) => {
    test.setTimeout(180_000);
    const s = storedSession('student');
    const examId = await demoExamId(page.request, s.token, s.user._id);
    await finishRunningAttempt(page.request, s.token, s.user._id, examId);

    // The exam list: Tab to Start, Enter; then Get Started.
    await page.goto('/student/exams');
    await expect(page.getByRole('button', { name: `Start ${DEMO_EXAM}` })).toBeVisible();
    await tabTo(page, `Start ${DEMO_EXAM}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/student\/exams\/start\//);
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeEnabled({ timeout: 30_000 });
    await tabTo(page, 'Get Started');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/student\/exams\/exam\//);
    await expect(page.getByTestId('count-total')).toHaveText('Total: 40');

    // The question list: Tab to question 1, Enter; the focus goes to the question.
    await tabTo(page, 'Question 1 (unsolved)');
    await page.keyboard.press('Enter');
    await expect(view(page)).toHaveAttribute('data-question', '1');
    expect(await activeName(page)).toBe('Question 1');
    await expectFocusShown(page);

    // The options are one radio group: one Tab stop; Space chooses, arrows move and choose.
    const radio = (n: number) => page.getByRole('radio', { name: new RegExp(`^Option ${n}`) });
    await tabTo(page, /^Option 1/);
    await page.keyboard.press('Space');
    await expect(radio(1)).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(radio(2)).toHaveAttribute('aria-checked', 'true');
    await expect(radio(1)).toHaveAttribute('aria-checked', 'false');
    expect(await activeName(page)).toMatch(/^Option 2/);
    await expectFocusShown(page);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp'); // wraps round to option 4
    await expect(radio(4)).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('ArrowRight'); // and back to 1
    await page.keyboard.press('ArrowRight');
    await expect(radio(2)).toHaveAttribute('aria-checked', 'true'); // question 1's answer in the demo exam
    // Tab leaves the group at once (one Tab stop), to Previous / Total Question / Next
    await page.keyboard.press('Tab');
    expect(await activeName(page)).not.toMatch(/^Option/);

    // Every question, with Next: the focus goes to the new question (its top in view, below the header); Tab goes
    // through it to Next again.
    await tabTo(page, 'Next');
    const answered: number[] = [1];
    for (let n = 2; n <= 40; n++) {
      await page.keyboard.press('Enter');
      await expect(view(page)).toHaveAttribute('data-question', String(n));
      await expect.poll(() => activeName(page)).toBe(`Question ${n}`);
      await expectFocusShown(page);
      if (n === 3 || n === 21) {
        // image options: into the group, choose with an arrow key
        await tabTo(page, /^Option 1/);
        await page.keyboard.press('ArrowRight');
        await expect(radio(2)).toHaveAttribute('aria-checked', 'true');
        await expect(page.getByRole('img', { name: 'Option 2 image' })).toBeVisible();
        answered.push(n);
      }
      if (n === 25) {
        // listening: the question's audio with Enter, stopped with Space; an option's audio with Space
        await tabTo(page, `Play question ${n} audio`);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('button', { name: `Stop question ${n} audio` })).toBeFocused();
        const audio = view(page).locator('audio').first();
        await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { message: 'the audio plays' }).toBeGreaterThan(0);
        await page.keyboard.press('Space');
        await expect(page.getByRole('button', { name: `Play question ${n} audio` })).toBeFocused();
        expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
        await tabTo(page, `Play option 1 audio`);
        await page.keyboard.press('Space');
        await expect(page.getByRole('button', { name: 'Stop option 1 audio' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('button', { name: 'Play option 1 audio' })).toBeFocused();
        await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
        // choose option 3 from the keyboard: into the group, arrows
        await tabTo(page, /^Option 1/, { back: true });
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowDown');
        await expect(radio(3)).toHaveAttribute('aria-checked', 'true');
        answered.push(n);
      }
      if (n === 40) {
        // Previous works the same way
        await tabTo(page, 'Previous');
        await page.keyboard.press('Enter');
        await expect(view(page)).toHaveAttribute('data-question', '39');
        await expect.poll(() => activeName(page)).toBe('Question 39');
        await tabTo(page, 'Next');
        await page.keyboard.press('Enter');
        await expect(view(page)).toHaveAttribute('data-question', '40');
      }
      await tabTo(page, 'Next');
    }
    // Next on the last question: back to the list, the focus on question 40's number.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('count-solved')).toHaveText(`Solved: ${answered.length}`);
    expect(await activeName(page)).toBe('Question 40 (unsolved)');
    await expectFocusShown(page);
    // Shift+Tab back up to a question of the list reaches it too
    await tabTo(page, 'Question 21 (solved)', { back: true });
    await page.keyboard.press('Enter');
    await expect(view(page)).toHaveAttribute('data-question', '21');
    await tabTo(page, 'Total Question');
    await page.keyboard.press('Enter');
    expect(await activeName(page)).toBe('Question 21 (solved)');

    // Submit and confirm in the dialog, with the keyboard.
    await expect(page.getByRole('status').filter({ hasText: /saved/ })).toHaveText('All answers saved');
    await tabTo(page, 'Submit And Finish Exam');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await tabTo(page, 'Yes', { max: 10 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('exam-ended').getByText('Congratulation, Exam Ended')).toBeVisible();
    await tabTo(page, 'View Result', { max: 10 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/student\/results\/[^/]+$/);

    // The result detail with the keyboard: right and wrong carry an icon and words, not only a colour.
    const correct = page.getByRole('button', { name: 'Question 1, correct' });
    await expect(correct).toBeVisible();
    await expect(correct).toHaveText('✓1');
    await expect(page.getByRole('button', { name: 'Question 3, correct' }).or(page.getByRole('button', { name: 'Question 3, wrong' }))).toHaveText(/^[✓✗]3$/);
    await expect(page.getByRole('button', { name: 'Question 2, not attempted' })).toHaveText('–2');
    await expect(page.getByTestId('legend-correct')).toHaveText('✓ Correct');
    await expect(page.getByTestId('legend-wrong')).toHaveText('✗ Wrong');
    await tabTo(page, 'Question 1, correct');
    await page.keyboard.press('Enter');
    const revealed = page.getByTestId('result-question');
    await expect(revealed.getByTestId('option-2')).toHaveAttribute('data-result', 'correct');
    await expect(revealed.getByTestId('option-2')).toContainText('✓ Your answer · correct');
    for (const n of [21, 25]) {
      const wrongOrRight = page.getByRole('button', { name: new RegExp(`^Question ${n}, (correct|wrong)$`) });
      await tabTo(page, new RegExp(`^Question ${n}, (correct|wrong)$`), { back: true });
      await page.keyboard.press('Enter');
      const label = await wrongOrRight.getAttribute('aria-label');
      if (label?.endsWith('wrong')) {
        await expect(revealed.locator('[data-result="wrong"]')).toContainText('✗ Your answer · wrong');
        // (the right option itself is shown only when the exam's review policy gives the answer keys)
        if (await revealed.locator('[data-result="answer"]').count()) await expect(revealed.locator('[data-result="answer"]')).toContainText('✓ Correct answer');
      } else {
        await expect(revealed.locator('[data-result="correct"]')).toContainText('✓ Your answer · correct');
      }
    }
  });
});

/** Every visible button, link, radio and checkbox: at least 24x24 CSS px, or no other target within a 24 px circle of it. */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const sel = 'button, a[href], [role="button"], [role="radio"], [role="checkbox"], [role="link"], input[type="radio"], input[type="checkbox"], [role="tab"], [role="menuitem"]';
    const targets = Array.from(document.querySelectorAll<HTMLElement>(sel)).filter((el) => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && !el.closest('[aria-hidden="true"]');
    });
    const rects = targets.map((el) => el.getBoundingClientRect());
    const small: string[] = [];
    targets.forEach((el, i) => {
      const r = rects[i]!;
      if (r.width >= 24 && r.height >= 24) return;
      // WCAG 2.5.8 spacing exception: a 24 px circle centred on the target meets no other target
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const crowded = rects.some((o, j) => {
        if (j === i) return false;
        const dx = Math.max(o.left - cx, 0, cx - o.right);
        const dy = Math.max(o.top - cy, 0, cy - o.bottom);
        return Math.hypot(dx, dy) < 12;
      });
      if (crowded) small.push(`${el.getAttribute('aria-label') ?? el.textContent?.trim()} ${Math.round(r.width)}x${Math.round(r.height)}`);
    });
    return { count: targets.length, small };
  });
}

test.describe('touch targets on a phone (360x740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test.afterAll(async ({ request }) => {
    const s = storedSession('student');
    await finishRunningAttempt(request, s.token, s.user._id, await demoExamId(request, s.token, s.user._id));
  });

  test('every button, link and radio of the exam list and the exam is at least 24x24 CSS px', async ({ page }) => {
    test.setTimeout(120_000);
    page.on('dialog', (d) => void d.accept());
    const s = storedSession('student');
    await finishRunningAttempt(page.request, s.token, s.user._id, await demoExamId(page.request, s.token, s.user._id));
    await page.goto('/student/exams');
    await expect(page.getByRole('button', { name: `Start ${DEMO_EXAM}` })).toBeVisible();
    let t = await smallTargets(page);
    expect(t.count).toBeGreaterThan(3);
    expect(t.small, 'exam list').toEqual([]);

    await startDemoExam(page);
    await expect(page.getByTestId('count-total')).toHaveText('Total: 40');
    t = await smallTargets(page);
    expect(t.count).toBeGreaterThan(40);
    expect(t.small, 'question list').toEqual([]);
    for (const n of [3, 25, 33]) {
      const total = page.getByRole('button', { name: 'Total Question' });
      if (await total.isVisible()) await total.click();
      await page.getByRole('button', { name: new RegExp(`^Question ${n} \\(`) }).click();
      await expect(view(page)).toHaveAttribute('data-question', String(n));
      t = await smallTargets(page);
      expect(t.small, `question ${n}`).toEqual([]);
      // the options are real radio buttons with names
      await expect(page.getByRole('radio')).toHaveCount(4);
      for (const name of await page.getByRole('radio').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))) {
        expect(name).toMatch(/^Option [1-4]: .+/);
      }
      // no content image without alt text
      expect(await view(page).locator('img:not([alt]), img[alt=""]').count()).toBe(0);
    }
    await page.getByRole('button', { name: 'Total Question' }).click();
    await page.getByRole('button', { name: 'Submit And Finish Exam' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    t = await smallTargets(page);
    expect(t.small, 'submit dialog').toEqual([]);
  });
});
