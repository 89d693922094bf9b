/** Test-only: accessibility checks made in the page itself, without a checker library. */
import type { Page } from 'playwright-core';

/** The form controls of the page (inputs, selects, textareas) that have no accessible label. */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input:not([type=hidden]), select, textarea')]
      .filter((control) => (control.labels?.length ?? 0) === 0 && !control.getAttribute('aria-label')?.trim() && !control.getAttribute('aria-labelledby'))
      .map((control) => control.outerHTML.slice(0, 160)),
  );
}

/** The contrast ratio (WCAG 2) of the body's text against the background it is drawn on. */
export function bodyTextContrast(page: Page): Promise<number> {
  return page.evaluate(() => {
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([red, green, blue]: number[]) => {
      const channel = (value: number) => ((value /= 255) <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(red!) + 0.7152 * channel(green!) + 0.0722 * channel(blue!);
    };
    let background = [255, 255, 255];
    for (let element: Element | null = document.body; element; element = element.parentElement) {
      const color = rgb(getComputedStyle(element).backgroundColor);
      if (color.length >= 3 && (color[3] ?? 1) > 0) {
        background = color.slice(0, 3);
        break;
      }
    }
    const text = luminance(rgb(getComputedStyle(document.body).color).slice(0, 3));
    const ground = luminance(background);
    return (Math.max(text, ground) + 0.05) / (Math.min(text, ground) + 0.05);
  });
}

/** Presses Tab (at most `limit` times) until the focused element matches `accepts`; true when it did. */
export async function tabUntil(page: Page, accepts: (focused: { tag: string; text: string; label: string }) => boolean, limit = 80): Promise<boolean> {
  for (let pressed = 0; pressed < limit; pressed++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return { tag: element?.tagName.toLowerCase() ?? '', text: element?.innerText?.trim() ?? '', label: element?.getAttribute('aria-label') ?? '' };
    });
    if (accepts(focused)) return true;
  }
  return false;
}

/** Whether the focused element draws a visible focus mark (an outline or a box shadow). */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });
}

/** Whether the page is wider than the window (a horizontal scroll bar at this width). */
export function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
