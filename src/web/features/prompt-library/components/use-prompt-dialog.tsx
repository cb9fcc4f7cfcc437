import { useMemo } from "react";
import { z } from "zod";
import { fillPromptVariables } from "#shared/rules/prompt-variables.ts";
import type { Prompt } from "#shared/schemas/prompt.ts";
import { multiLineText } from "#shared/schemas/text.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
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

/** Every variable is required; its message names it. */
function variablesSchema(names: string[]) {
  return z.object(
    Object.fromEntries(
      names.map((name) => [
        name,
        multiLineText().refine((v) => v.trim().length > 0, `${name} is required`),
      ]),
    ),
  );
}

interface UsePromptDialogProps {
  prompt: Prompt;
  onOpenChange: (open: boolean) => void;
  /** The prompt with its variables filled in. */
  onUse: (text: string) => void;
}

/** Asks for each of a prompt's variables, then hands over the filled prompt. */
export function UsePromptDialog({ prompt, onOpenChange, onUse }: UsePromptDialogProps) {
  const schema = useMemo(() => variablesSchema(prompt.variables), [prompt.variables]);
  const form = useZodForm(
    schema,
    Object.fromEntries(prompt.variables.map((name) => [name, ""])) as Record<string, string>,
  );
  const submit = form.handleSubmit((values) => {
    onUse(fillPromptVariables(prompt.body, values as Record<string, string>));
  });
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="use-prompt-dialog" aria-describedby="use-prompt-description">
        <DialogHeader>
          <DialogTitle>{prompt.title}</DialogTitle>
          <DialogDescription id="use-prompt-description">
            Fill in the prompt's variables; it then opens in the Command Center.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {prompt.variables.map((name, index) => (
            <FormField key={name} label={name} error={form.errors[name]}>
              <Input
                {...form.field(name)}
                autoFocus={index === 0}
                autoComplete="off"
                data-testid={`prompt-variable-${name}`}
              />
            </FormField>
          ))}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" data-testid="use-prompt-submit">
              Open in Command Center
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
