/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** HTML that is already safe to insert (built from escaped parts). */
export interface Html {
  readonly html: string;
}

/** Tagged template: interpolated strings are escaped, interpolated `Html` is inserted as is. */
export function html(strings: TemplateStringsArray, ...values: (string | number | Html | Html[])[]): Html {
  const render = (value: string | number | Html | Html[]): string => {
    if (Array.isArray(value)) return value.map(render).join('');
    return typeof value === 'object' ? value.html : escapeHtml(String(value));
  };
  return { html: strings.reduce((out, part, index) => out + render(values[index - 1] ?? '') + part) };
}

// The console's colours (spec §9: primary #f6a400, dark surface #333333), so signing in feels like
// part of the product.
const STYLES = `
:root { color-scheme: dark; --primary: #f6a400; --surface: #333333; --text: #f5f5f5; --muted: #c8c8c8; --error: #ff8a80; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #1f1f1f;
  color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(100% - 2rem, 24rem); background: var(--surface); border-radius: 8px; padding: 2rem;
  box-shadow: 0 8px 24px rgb(0 0 0 / 40%); border-top: 4px solid var(--primary); }
.brand { margin: 0; font-size: 0.875rem; letter-spacing: 0.08em; text-transform: uppercase; color: var(--primary); }
h1 { margin: 0.25rem 0 1.5rem; font-size: 1.5rem; font-weight: 600; }
label { display: block; margin-bottom: 0.25rem; font-weight: 600; }
input { width: 100%; padding: 0.625rem 0.75rem; margin-bottom: 1rem; border-radius: 4px; font: inherit;
  border: 1px solid #8a8a8a; background: #262626; color: var(--text); }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--primary); outline-offset: 2px; }
input[aria-invalid="true"] { border-color: var(--error); }
.actions { display: flex; gap: 0.75rem; margin-top: 0.5rem; }
button { flex: 1; padding: 0.7rem 1rem; border: 0; border-radius: 4px; font: inherit; font-weight: 600; cursor: pointer;
  background: var(--primary); color: #1f1f1f; }
button.secondary { background: transparent; color: var(--text); border: 1px solid #8a8a8a; }
.error { margin: 0 0 1rem; padding: 0.75rem; border-radius: 4px; background: rgb(255 138 128 / 12%);
  border: 1px solid var(--error); color: var(--error); }
p.hint { color: var(--muted); font-size: 0.875rem; }
a { color: var(--primary); }
`;

/** A complete page of the provider: the realm's name above the title, then the content. */
export function page(title: string, content: Html): string {
  return `<!doctype html>${
    html`<html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Farola</title>
        <style>
          ${{ html: STYLES }}
        </style>
      </head>
      <body>
        <main>
          <p class="brand">Farola</p>
          <h1>${title}</h1>
          ${content}
        </main>
      </body>
    </html>`.html
  }`;
}
