import { type AnyExtension, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import Heading1 from "lucide-react/icons/heading-1";
import Heading2 from "lucide-react/icons/heading-2";
import Heading3 from "lucide-react/icons/heading-3";
import Italic from "lucide-react/icons/italic";
import Bold from "lucide-react/icons/letter-b";
import Link2 from "lucide-react/icons/link-2";
import List from "lucide-react/icons/list";
import ListOrdered from "lucide-react/icons/list-ordered";
import Pilcrow from "lucide-react/icons/pilcrow";
import Quote from "lucide-react/icons/quote";
import Redo2 from "lucide-react/icons/redo-2";
import Strikethrough from "lucide-react/icons/strikethrough";
import Underline from "lucide-react/icons/underline";
import Undo2 from "lucide-react/icons/undo-2";
import type { LucideIcon } from "lucide-react/types";
import { cn } from "../../../components/ui/cn.ts";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { DRAFT_PROSE } from "./draft-prose.tsx";

/**
 * The rich-text editor of a draft (TipTap), in its own chunk: only a member
 * who clicks Edit on /modules/drafts downloads it. It writes the HTML the
 * server's allow-list keeps (decision 020): headings, paragraphs, lists,
 * bold, italic, underline, strike, links, quotes, code and tables.
 */
export interface DraftEditorProps {
  /** editor-kit.ts, loaded beside this chunk. */
  extensions: AnyExtension[];
  initialHtml: string;
  onChange: (html: string) => void;
  disabled?: boolean;
}

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;

export default function DraftEditor({
  extensions,
  initialHtml,
  onChange,
  disabled,
}: DraftEditorProps) {
  // The view mounts with EditorContent: commands run from the toolbar only, never during render.
  const editor = useEditor({
    extensions,
    content: initialHtml,
    autofocus: "start",
    editorProps: {
      attributes: {
        class: cn(DRAFT_PROSE, "min-h-[24rem] px-1 py-2 outline-none"),
        "aria-label": "Draft text",
        "aria-multiline": "true",
        role: "textbox",
        "data-testid": "draft-editor-content",
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            h1: e.isActive("heading", { level: 1 }),
            h2: e.isActive("heading", { level: 2 }),
            h3: e.isActive("heading", { level: 3 }),
            paragraph: e.isActive("paragraph"),
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            underline: e.isActive("underline"),
            strike: e.isActive("strike"),
            bullet: e.isActive("bulletList"),
            ordered: e.isActive("orderedList"),
            quote: e.isActive("blockquote"),
            link: e.isActive("link"),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });
  if (!editor || !state) return null;

  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "https://";
    const url = window.prompt("Link address (https://, mailto: or tel:)", previous);
    if (url === null) return;
    if (url.trim() === "") {
      chain().extendMarkRange("link").unsetLink().run();
      return;
    }
    if (!SAFE_LINK.test(url.trim())) {
      window.alert("Links must start with https://, http://, mailto: or tel:.");
      return;
    }
    chain().extendMarkRange("link").setLink({ href: url.trim() }).run();
  };

  return (
    <div className="flex flex-col rounded-lg border bg-background/40" data-testid="draft-editor">
      <div
        role="toolbar"
        aria-label="Formatting"
        className="sticky top-0 z-10 flex flex-wrap items-center gap-0.5 rounded-t-lg border-b bg-card/95 px-1.5 py-1 backdrop-blur"
      >
        <Tool
          icon={Pilcrow}
          label="Paragraph"
          active={state.paragraph}
          onClick={() => chain().setParagraph().run()}
        />
        <Tool
          icon={Heading1}
          label="Heading 1"
          active={state.h1}
          onClick={() => chain().toggleHeading({ level: 1 }).run()}
        />
        <Tool
          icon={Heading2}
          label="Heading 2"
          active={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <Tool
          icon={Heading3}
          label="Heading 3"
          active={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <Separator />
        <Tool
          icon={Bold}
          label="Bold"
          shortcut="Ctrl+B"
          active={state.bold}
          onClick={() => chain().toggleBold().run()}
          testId="editor-bold"
        />
        <Tool
          icon={Italic}
          label="Italic"
          shortcut="Ctrl+I"
          active={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <Tool
          icon={Underline}
          label="Underline"
          shortcut="Ctrl+U"
          active={state.underline}
          onClick={() => chain().toggleUnderline().run()}
        />
        <Tool
          icon={Strikethrough}
          label="Strikethrough"
          active={state.strike}
          onClick={() => chain().toggleStrike().run()}
        />
        <Tool icon={Link2} label="Link" active={state.link} onClick={setLink} />
        <Separator />
        <Tool
          icon={List}
          label="Bulleted list"
          active={state.bullet}
          onClick={() => chain().toggleBulletList().run()}
        />
        <Tool
          icon={ListOrdered}
          label="Numbered list"
          active={state.ordered}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <Tool
          icon={Quote}
          label="Quote"
          active={state.quote}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <Separator />
        <Tool
          icon={Undo2}
          label="Undo"
          shortcut="Ctrl+Z"
          disabled={!state.canUndo}
          onClick={() => chain().undo().run()}
        />
        <Tool
          icon={Redo2}
          label="Redo"
          shortcut="Ctrl+Shift+Z"
          disabled={!state.canRedo}
          onClick={() => chain().redo().run()}
        />
      </div>
      <div className={cn("px-4 py-3 sm:px-6", disabled && "pointer-events-none opacity-70")}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px bg-border" />;
}

function Tool(props: {
  icon: LucideIcon;
  label: string;
  shortcut?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
}) {
  const Icon = props.icon;
  return (
    <Tooltip content={props.shortcut ? `${props.label} (${props.shortcut})` : props.label}>
      <button
        type="button"
        aria-label={props.label}
        aria-pressed={props.active ?? undefined}
        disabled={props.disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onClick}
        data-testid={props.testId}
        className={cn(
          "flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors",
          "hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
          "disabled:pointer-events-none disabled:opacity-40",
          props.active && "bg-primary/15 text-primary hover:bg-primary/20 hover:text-primary",
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </Tooltip>
  );
}
