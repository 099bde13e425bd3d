// A third party's own script (Google Pay's pay.js, Amazon's checkout.js), loaded once when its real adapter is configured.
// The server's CSP allows its origin only in a build that turned that adapter on (server/http/wallet-scripts.ts).
const loaded = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  let p = loaded.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        loaded.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(el);
    });
    loaded.set(src, p);
  }
  return p;
}
