import { useEffect, useRef } from "react";
import { profileSchema, type User } from "#shared/schemas/user.ts";
import { formErrorFrom } from "../../../components/forms/form-errors.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { toast } from "../../../components/ui/toast-store.ts";
import { useUpdateProfile } from "./use-update-profile.ts";

const FIELDS = ["firstName", "lastName"];

/**
 * The profile form's state: the names as typed, whether they differ from the
 * saved ones, Cancel, and Save (with a toast, or the server's reason by the
 * field it names).
 */
export function useProfileForm(user: User) {
  const update = useUpdateProfile();
  const saved = { firstName: user.firstName, lastName: user.lastName };
  const form = useZodForm(profileSchema, saved);
  const dirty = form.values.firstName !== user.firstName || form.values.lastName !== user.lastName;
  const { reset } = form;

  // A change saved elsewhere (another tab, another device) shows up at once, unless you
  // have started editing the names: then your edits stay.
  const previous = useRef(saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the saved names change
  useEffect(() => {
    const before = previous.current;
    previous.current = { firstName: user.firstName, lastName: user.lastName };
    const untouched =
      form.values.firstName === before.firstName && form.values.lastName === before.lastName;
    if (untouched) reset(previous.current);
  }, [user.firstName, user.lastName]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
    } catch (error) {
      // The sync layer has rolled the change back and said why in a toast; a named field shows it too.
      const { form: _, ...fieldErrors } = formErrorFrom<typeof values>(error, FIELDS);
      form.setErrors(fieldErrors);
      return;
    }
    toast({ title: "Profile updated", variant: "success" });
  });

  return { form, dirty, onSubmit, cancel: () => reset(saved) };
}
