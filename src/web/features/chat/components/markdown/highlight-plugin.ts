/**
 * The code highlighter (highlight.js with its common languages, about 50 kB gzipped): its own
 * chunk, fetched by highlighter.ts the first time an answer holds a fenced code block with a
 * language (decision 016).
 */
export { default as rehypeHighlight } from "rehype-highlight";
