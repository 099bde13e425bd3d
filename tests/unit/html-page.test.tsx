// The page content that renders behind the server's HTML page (src/app/html-page.tsx): in a synchronous update (the
// router's, which React never renders in slices) its first commit is the placeholder, and the content follows in a
// background render; without an HTML page on the screen the content renders at once.
import { act } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PAGE_PENDING_ATTRIBUTE,
  PagePending,
  setHtmlPageShows,
  useContentAfterHtmlPage,
} from '../../src/app/html-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let contentRenders = 0;
function Content() {
  contentRenders += 1;
  return <p>The pumps</p>;
}
function Page() {
  return useContentAfterHtmlPage() ? <Content /> : <PagePending />;
}

let root: Root | undefined;
function mount(): HTMLElement {
  const container = document.createElement('div');
  root = createRoot(container);
  // As the router shows a page whose code and data are ready: one synchronous update.
  flushSync(() => root!.render(<Page />));
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  contentRenders = 0;
  setHtmlPageShows(false);
});

describe('useContentAfterHtmlPage', () => {
  it('while the HTML page shows: the synchronous update commits the hidden placeholder, the content follows', async () => {
    setHtmlPageShows(true);
    const container = mount();
    expect(container.querySelector(`[${PAGE_PENDING_ATTRIBUTE}]`)).not.toBeNull();
    expect((container.firstElementChild as HTMLElement).hidden).toBe(true);
    expect(contentRenders).toBe(0);
    await act(async () => {});
    expect(container.textContent).toBe('The pumps');
    expect(container.querySelector(`[${PAGE_PENDING_ATTRIBUTE}]`)).toBeNull();
  });

  it('without an HTML page on the screen: the content in the first commit', () => {
    const container = mount();
    expect(container.textContent).toBe('The pumps');
    expect(container.querySelector(`[${PAGE_PENDING_ATTRIBUTE}]`)).toBeNull();
  });

  it("once the app has taken the HTML page's place, a page shown later renders at once", async () => {
    setHtmlPageShows(true);
    mount();
    await act(async () => {});
    act(() => root?.unmount());
    setHtmlPageShows(false);
    const container = mount();
    expect(container.textContent).toBe('The pumps');
  });
});
