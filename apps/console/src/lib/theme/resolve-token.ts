/**
 * The concrete value of a Fluent token (`var(--colorX)`) as set on `element`, for drawing code that
 * cannot take CSS variables (canvas); the token itself when it is not a variable or is unset.
 */
export function resolveToken(element: Element, token: string): string {
  const name = /var\((--[^,)]+)/.exec(token)?.[1];
  return name ? getComputedStyle(element).getPropertyValue(name).trim() || token : token;
}
