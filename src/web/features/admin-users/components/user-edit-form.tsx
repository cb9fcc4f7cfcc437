import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import {
  type AdminUserDetail,
  type AdminUserEditForm,
  adminUserEditFormSchema,
  ORGANIZATION_REQUIRED,
} from "#shared/schemas/admin-user.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useUpdateAdminUser } from "../hooks/use-admin-user-mutations.ts";
import { OrganizationRoleFields } from "./organization-role-fields.tsx";
import { SuperadminSwitch } from "./superadmin-switch.tsx";

type Values = Required<{ [K in keyof AdminUserEditForm]: string }>;

const savedValues = (user: AdminUserDetail): Values => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  newPassword: "",
  confirmPassword: "",
  organizationId: user.organization?._id ?? "",
  role: user.role,
});

const sameValues = (a: Values, b: Values) =>
  (Object.keys(a) as (keyof Values)[]).every((key) => a[key] === b[key]);

/** "Left empty, it stays …": SPEC 5's empty fields keep what is stored (decision 025). */
const keeps = (value: string, stored: string) =>
  value === "" ? `Left empty, it stays “${stored}”.` : undefined;

/**
 * SPEC 3's admin user edit (firstName, lastName, email, newPassword,
 * confirmPassword, organizationId, role) with SPEC 5's messages, plus the
 * superadmin switch. A change saved elsewhere shows at once unless you have
 * started editing.
 */
export function UserEditForm({ user }: { user: AdminUserDetail }) {
  const update = useUpdateAdminUser();
  const navigate = useNavigate();
  const saved = savedValues(user);
  const form = useZodForm(adminUserEditFormSchema, saved);
  const [isSuperadmin, setSuperadmin] = useState(user.isSuperadmin);
  const dirty = !sameValues(form.values as Values, saved) || isSuperadmin !== user.isSuperadmin;

  const previous = useRef({ values: saved, isSuperadmin: user.isSuperadmin });
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the stored user changes
  useEffect(() => {
    const before = previous.current;
    previous.current = { values: saved, isSuperadmin: user.isSuperadmin };
    const untouched =
      sameValues(form.values as Values, before.values) && isSuperadmin === before.isSuperadmin;
    if (untouched) {
      reset(saved);
      setSuperadmin(user.isSuperadmin);
    }
  }, [JSON.stringify(saved), user.isSuperadmin]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!isSuperadmin && !values.organizationId) {
      form.setErrors({ organizationId: ORGANIZATION_REQUIRED });
      return;
    }
    const row = await update.mutateAsync({ userId: user._id, ...values, isSuperadmin });
    if (user.isMe && !row.isSuperadmin) {
      // They gave up their own superadmin rights: /admin is no longer theirs.
      toast({ title: "You are no longer a superadmin", variant: "success" });
      void navigate({ to: "/command-center" });
      return;
    }
    reset({
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      newPassword: "",
      confirmPassword: "",
      organizationId: row.organization?._id ?? "",
      role: row.role,
    });
    toast({
      title: "Changes saved",
      description: values.newPassword
        ? "The new password is set; their other sessions have ended."
        : undefined,
      variant: "success",
    });
  });

  const v = form.values;
  return (
    <Card role="region" aria-labelledby="admin-user-edit-title" data-testid="admin-user-edit">
      <CardHeader className="pb-2">
        <CardTitle id="admin-user-edit-title">Profile and access</CardTitle>
        <CardDescription>
          Leave a field empty to keep it as it is. A new password ends their other sessions.
        </CardDescription>
      </CardHeader>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Edit user"
        className="grid gap-5 px-6 pt-4 pb-6"
      >
        {form.errors.form ? (
          <Alert variant="error" data-testid="admin-user-form-error">
            {form.errors.form}
          </Alert>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="First name"
            error={form.errors.firstName}
            description={keeps(v.firstName, user.firstName)}
          >
            <Input {...form.field("firstName")} data-testid="admin-user-first-name" />
          </FormField>
          <FormField
            label="Last name"
            error={form.errors.lastName}
            description={keeps(v.lastName, user.lastName)}
          >
            <Input {...form.field("lastName")} data-testid="admin-user-last-name" />
          </FormField>
        </div>
        <FormField label="Email" error={form.errors.email} description={keeps(v.email, user.email)}>
          <Input {...form.field("email")} type="email" data-testid="admin-user-email" />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="New password"
            error={form.errors.newPassword}
            description="Empty keeps the current password."
          >
            <Input
              {...form.field("newPassword")}
              type="password"
              autoComplete="new-password"
              data-testid="admin-user-new-password"
            />
          </FormField>
          <FormField label="Confirm password" error={form.errors.confirmPassword}>
            <Input
              {...form.field("confirmPassword")}
              type="password"
              autoComplete="new-password"
              data-testid="admin-user-confirm-password"
            />
          </FormField>
        </div>
        <OrganizationRoleFields
          organizationId={v.organizationId ?? ""}
          role={v.role ?? "Member"}
          onOrganizationChange={(id) => form.setValue("organizationId", id)}
          onRoleChange={(role) => form.setValue("role", role)}
          errors={form.errors}
          allowNone={isSuperadmin}
          testIdPrefix="admin-user"
        />
        <SuperadminSwitch
          checked={isSuperadmin}
          onChange={(next) => {
            setSuperadmin(next);
            form.setErrors({});
          }}
          description={
            user.isMe
              ? "Turning this off takes away your own access to /admin."
              : "Manages every organization and user from /admin."
          }
        />
        <div className="flex items-center justify-end gap-2 border-t pt-5">
          <p className="mr-auto text-muted-foreground text-xs">
            {dirty ? "You have unsaved changes." : "Everything is saved."}
          </p>
          {dirty ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                reset(saved);
                setSuperadmin(user.isSuperadmin);
              }}
            >
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={form.submitting} data-testid="admin-user-save">
            {form.submitting ? <Spinner /> : null}
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
