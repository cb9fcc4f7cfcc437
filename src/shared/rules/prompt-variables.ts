/**
 * A prompt's variables are the `{{name}}` placeholders of its body (decision
 * 017): a name of letters, digits, `_` and `-`, with spaces inside the braces
 * ignored (`{{ client }}` is `client`). Anything else between braces is text.
 */
const PLACEHOLDER = /\{\{\s*([\p{L}\p{N}_-]+)\s*\}\}/gu;

/** The variables of a prompt body, each once, in order of first appearance. */
export function parsePromptVariables(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(PLACEHOLDER)) names.add(match[1]!);
  return [...names];
}

/**
 * The body with every placeholder replaced by its value. A variable without
 * a value is left as written, so nothing is silently dropped.
 */
export function fillPromptVariables(body: string, values: Record<string, string>): string {
  return body.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : placeholder,
  );
}
