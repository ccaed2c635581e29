// The tournament pages' one element maker: a tag with its properties.
export function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  Object.assign(element, props);
  return element;
}

// A live countdown's text, read out only when asked (a clock that speaks every second is noise).
export function countdown(className: string): HTMLElement {
  const time = make('span', { className: `arena-countdown ${className}` });
  time.setAttribute('aria-live', 'off');
  return time;
}
