/**
 * Missing-glyph boxes (issue 25): for every element whose own text has Devanagari or Hangul, the fonts Chromium drew
 * it with (DevTools' CSS.getPlatformFontsForNode) must include one that fontconfig says has that script's letters
 * (`fc-list :charset=…`): with no such font installed, Chromium draws boxes in some other font and this fails. A
 * screenshot of the page is attached to the test's report for a person to look at.
 */
import { execFileSync } from 'node:child_process';
import { expect, type Page, type TestInfo } from '@playwright/test';

const SCRIPTS = {
  Devanagari: { letters: /[\u0900-\u097F]/, charset: '0915' }, // क
  Hangul: { letters: /[\uAC00-\uD7AF\u1100-\u11FF\u3130-\u318F]/, charset: 'ac00' }, // 가
} as const;
type Script = keyof typeof SCRIPTS;

const families = new Map<Script, Set<string>>();
function fontsWith(script: Script): Set<string> {
  let set = families.get(script);
  if (!set) {
    const out = execFileSync('fc-list', [`:charset=${SCRIPTS[script].charset}`, 'family'], { encoding: 'utf8' });
    set = new Set(out.split('\n').flatMap((l) => l.split(',')).map((f) => f.trim()).filter(Boolean));
    families.set(script, set);
  }
  return set;
}

interface DomNode { nodeId: number; nodeType: number; nodeValue?: string; children?: DomNode[]; contentDocument?: DomNode; shadowRoots?: DomNode[] }

/**
 * Checks the page as it is now; returns how many elements of each script were checked (the caller expects some).
 */
export async function expectRealGlyphs(page: Page, testInfo: TestInfo, name: string): Promise<Record<Script, number>> {
  await testInfo.attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const targets: { parent: number; text: string; script: Script }[] = [];
    const walk = (node: DomNode, parent: number) => {
      if (node.nodeType === 3 && node.nodeValue) {
        for (const script of Object.keys(SCRIPTS) as Script[]) {
          if (SCRIPTS[script].letters.test(node.nodeValue)) targets.push({ parent, text: node.nodeValue.trim(), script });
        }
      }
      for (const c of [...(node.children ?? []), ...(node.shadowRoots ?? []), ...(node.contentDocument ? [node.contentDocument] : [])]) walk(c, node.nodeId);
    };
    walk(root, root.nodeId);
    const checked: Record<Script, number> = { Devanagari: 0, Hangul: 0 };
    const bad: string[] = [];
    for (const t of targets) {
      const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId: t.parent })) as { fonts: { familyName: string; glyphCount: number }[] };
      if (fonts.length === 0) continue; // not drawn (hidden, <script>, <option> of a closed select)
      checked[t.script]++;
      const good = fontsWith(t.script);
      if (!fonts.some((f) => good.has(f.familyName) && f.glyphCount > 0)) {
        bad.push(`${t.script} "${t.text.slice(0, 40)}" drawn with ${fonts.map((f) => `${f.familyName} (${f.glyphCount})`).join(', ')}`);
      }
    }
    expect(bad, `${name}: text drawn without a font that has its letters (missing-glyph boxes)`).toEqual([]);
    return checked;
  } finally {
    await cdp.detach();
  }
}
