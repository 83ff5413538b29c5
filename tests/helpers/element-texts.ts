// Every text node of a React element tree, in order, function components rendered: what a test
// reads of an image next/og was given (jest cannot run next/og's renderer, so a stand-in keeps the
// element; tests/api/coins/coin-share-image.test.ts says how).
import type { ReactElement, ReactNode } from "react";

export function elementTexts(node: ReactNode): string[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (typeof node === "string" || typeof node === "number") return [String(node)];
  if (Array.isArray(node)) return node.flatMap(elementTexts);
  const element = node as ReactElement<{ children?: ReactNode }>;
  if (typeof element.type === "function") return elementTexts((element.type as (props: unknown) => ReactNode)(element.props));
  return elementTexts(element.props.children);
}
