import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";

/** A link to a document in the dossier, opened in its folder. */
export function DossierDocumentLink(props: {
  documentId: string;
  folderId: string | null;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const folders = useQuery(allFoldersOptions()).data;
  const path = props.folderId ? folders?.find((f) => f._id === props.folderId)?.path : undefined;
  return path ? (
    <Link
      to="/dossier/$"
      params={{ _splat: path }}
      search={{ document: props.documentId }}
      className={props.className}
      data-testid={props.testId}
    >
      {props.children}
    </Link>
  ) : (
    <Link
      to="/dossier"
      search={{ document: props.documentId }}
      className={props.className}
      data-testid={props.testId}
    >
      {props.children}
    </Link>
  );
}
