import { useQuery } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-complex";
import { useEffect, useState } from "react";
import type { Organization } from "#shared/schemas/organization.ts";
import { organizationNameSchema } from "#shared/schemas/user.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { modelChoicesOptions } from "../api/organization-queries.ts";
import { useUpdateOrganization } from "../hooks/use-organization-mutations.ts";
import { selectClass } from "./select-styles.ts";

const SERVER_DEFAULT = "";

/** The organization's name and, for admins, its default model. Members read them. */
export function OrganizationSettingsCard({ organization }: { organization: Organization }) {
  const canManage = organization.canManage;
  const update = useUpdateOrganization();
  const models = useQuery({ ...modelChoicesOptions(), enabled: canManage });
  const [name, setName] = useState(organization.name);
  const [error, setError] = useState<string>();
  // Another admin's rename shows up here unless this one is being edited.
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setName(organization.name);
  }, [organization.name, editing]);

  const dirty = name.trim() !== organization.name;
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = organizationNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await update.mutateAsync({ name: parsed.data });
      setEditing(false);
      toast({ title: "Organization renamed", variant: "success" });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const setModel = (value: string) =>
    update.mutate(
      { defaultModelId: value === SERVER_DEFAULT ? null : value },
      {
        onSuccess: () => toast({ title: "Default model saved", variant: "success" }),
        onError: (e) => toast({ title: "Not saved", description: e.message, variant: "error" }),
      },
    );

  return (
    <Card aria-labelledby="org-settings-title" role="region" data-testid="org-settings">
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-lg border bg-primary/10 text-primary">
            <Building2 aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <CardTitle id="org-settings-title" data-testid="org-name">
              {organization.name}
            </CardTitle>
            <CardDescription>
              {organization.memberCount} {organization.memberCount === 1 ? "member" : "members"} ·{" "}
              <span className="font-mono text-xs">{organization.slug}</span>
            </CardDescription>
          </div>
        </div>
      </CardHeader>
      {canManage ? (
        <>
          <CardContent>
            <form
              id="org-settings-form"
              onSubmit={save}
              noValidate
              className="grid gap-5 sm:grid-cols-2"
            >
              <FormField label="Organization name" error={error}>
                <Input
                  value={name}
                  onChange={(e) => {
                    setName(e.target.value);
                    setEditing(true);
                    setError(undefined);
                  }}
                  autoComplete="organization"
                  data-testid="org-name-input"
                />
              </FormField>
              <FormField
                label="Default model"
                description="New chats start with it, unless a member picked their own."
              >
                <select
                  className={selectClass("w-full")}
                  value={organization.defaultModelId ?? SERVER_DEFAULT}
                  onChange={(e) => setModel(e.target.value)}
                  disabled={!models.data || update.isPending}
                  data-testid="org-default-model"
                >
                  <option value={SERVER_DEFAULT}>The server's default</option>
                  {models.data?.models.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.label}
                    </option>
                  ))}
                  {organization.defaultModelId &&
                  models.data &&
                  !models.data.models.some((m) => m.id === organization.defaultModelId) ? (
                    <option value={organization.defaultModelId}>
                      {organization.defaultModelId} (no longer offered)
                    </option>
                  ) : null}
                </select>
              </FormField>
            </form>
          </CardContent>
          <CardFooter className="justify-end">
            <p className="mr-auto text-muted-foreground text-xs">
              {dirty ? "You have unsaved changes." : "Admins manage these settings."}
            </p>
            {dirty ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  setName(organization.name);
                  setEditing(false);
                  setError(undefined);
                }}
              >
                Cancel
              </Button>
            ) : null}
            <Button
              type="submit"
              form="org-settings-form"
              size="sm"
              disabled={!dirty || update.isPending}
              data-testid="org-name-save"
            >
              {update.isPending ? <Spinner /> : null}
              Save changes
            </Button>
          </CardFooter>
        </>
      ) : (
        <CardContent>
          <p className="text-muted-foreground text-sm" data-testid="org-member-note">
            Organization admins manage its settings, members and invitations.
          </p>
        </CardContent>
      )}
    </Card>
  );
}
