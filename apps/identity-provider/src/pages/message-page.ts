import { html, page } from './layout';

/** A page that only tells something: an error, or that the user has signed out. */
export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return page(
    title,
    html`<p>${message}</p>
      ${link ? html`<p><a href="${link.href}">${link.text}</a></p>` : html``}`,
  );
}
