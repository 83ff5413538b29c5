// jsdom has no layout: every box is 0×0, so the coin selector's virtualised list would render
// no rows at all. This gives the listbox the size a browser would (its max-h-80 box, 320 px, and
// the virtualizer's sizer as its scroll height) and makes scrollTo move scrollTop and then fire
// "scroll", as browsers do. Everything else keeps jsdom's zeros, so tests run the real list.
// Call useListboxLayout() at the top of a test file that opens a coin selector.
import { act } from "@testing-library/react";

export const LIST_HEIGHT = 320;
const isListbox = (el: Element) => el.getAttribute("role") === "listbox";
const saved = {
  clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, "clientHeight"),
  clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, "clientWidth"),
  scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, "scrollHeight"),
  scrollTo: Object.getOwnPropertyDescriptor(Element.prototype, "scrollTo"),
};

export function useListboxLayout(): void {
  beforeAll(() => {
    Object.defineProperties(Element.prototype, {
      clientHeight: {
        configurable: true,
        get(this: Element) {
          return isListbox(this) ? LIST_HEIGHT : 0;
        },
      },
      clientWidth: {
        configurable: true,
        get(this: Element) {
          return isListbox(this) ? 320 : 0;
        },
      },
      scrollHeight: {
        configurable: true,
        get(this: Element) {
          const sizer = this.firstElementChild;
          return isListbox(this) && sizer instanceof HTMLElement ? parseFloat(sizer.style.height) || 0 : 0;
        },
      },
      scrollTo: {
        configurable: true,
        writable: true,
        value(this: Element, options?: ScrollToOptions) {
          this.scrollTop = options?.top ?? this.scrollTop;
          // Browsers fire "scroll" on a later frame, never inside the call. user-event waits a
          // timer tick after each action, so the event has landed by the time it resolves.
          setTimeout(() => act(() => void this.dispatchEvent(new Event("scroll"))), 0);
        },
      },
    });
  });

  afterAll(() => {
    for (const [name, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(Element.prototype, name, descriptor);
      else delete (Element.prototype as unknown as Record<string, unknown>)[name];
    }
  });
}
