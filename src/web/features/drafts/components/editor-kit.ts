import { TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";

/**
 * The editor's extensions, a chunk of their own next to the editor's (decision
 * 016's per-chunk budget): what the server's allow-list keeps (decision 020).
 */
export const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;

export const draftExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4] },
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ["http", "https", "mailto", "tel"],
      isAllowedUri: (url) => SAFE_LINK.test(url),
    },
    codeBlock: false,
  }),
  TableKit.configure({ table: { resizable: false } }),
];
