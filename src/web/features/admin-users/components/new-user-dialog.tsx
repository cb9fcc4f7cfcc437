import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { adminUserCreateFields, ORGANIZATION_REQUIRED } from "#shared/schemas/admin-user.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useCreateAdminUser } from "../hooks/use-admin-user-mutations.ts";
import { fullName } from "./format.ts";
import { OrganizationRoleFields } from "./organization-role-fields.tsx";
import { SuperadminSwitch } from "./superadmin-switch.tsx";

const createFormSchema = z.object(adminUserCreateFields);
const EMPTY = {
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  organizationId: "",
  role: "Member",
};

/** "New user": an account in an organization, with a first password to hand over. */
export function NewUserDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateAdminUser();
  const navigate = useNavigate();
  const form = useZodForm(createFormSchema, EMPTY);
  const [isSuperadmin, setSuperadmin] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!isSuperadmin && !values.organizationId) {
      form.setErrors({ organizationId: ORGANIZATION_REQUIRED });
      return;
    }
    const user = await create.mutateAsync({ ...values, isSuperadmin });
    toast({ title: `${fullName(user)} can now sign in`, variant: "success" });
    onClose();
    void navigate({ to: "/admin/users/$userId", params: { userId: user._id } });
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-xl" data-testid="new-user-dialog">
        <DialogHeader>
          <DialogTitle>New user</DialogTitle>
          <DialogDescription>
            They sign in with this email and password; they can change the password from their
            account.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="New user">
          {form.errors.form ? <Alert variant="error">{form.errors.form}</Alert> : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="First name" error={form.errors.firstName}>
              <Input {...form.field("firstName")} autoFocus data-testid="new-user-first-name" />
            </FormField>
            <FormField label="Last name" error={form.errors.lastName}>
              <Input {...form.field("lastName")} data-testid="new-user-last-name" />
            </FormField>
          </div>
          <FormField label="Email" error={form.errors.email}>
            <Input {...form.field("email")} type="email" data-testid="new-user-email" />
          </FormField>
          <FormField
            label="Password"
            error={form.errors.password}
            description="At least 8 characters."
          >
            <Input
              {...form.field("password")}
              type="password"
              autoComplete="new-password"
              data-testid="new-user-password"
            />
          </FormField>
          <OrganizationRoleFields
            organizationId={form.values.organizationId}
            role={form.values.role}
            onOrganizationChange={(id) => form.setValue("organizationId", id)}
            onRoleChange={(role) => form.setValue("role", role)}
            errors={form.errors}
            allowNone={isSuperadmin}
            testIdPrefix="new-user"
          />
          <SuperadminSwitch checked={isSuperadmin} onChange={setSuperadmin} />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.submitting} data-testid="new-user-submit">
              {form.submitting ? <Spinner /> : null}
              Create user
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
