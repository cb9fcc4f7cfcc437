import Plus from "lucide-react/icons/plus";
import { type KeyboardEvent, useState } from "react";
import type { z } from "zod";
import { Button } from "../ui/button.tsx";
import { FormField } from "../ui/form-field.tsx";
import { Input } from "../ui/input.tsx";
import { selectClass } from "../ui/select-class.ts";
import { Spinner } from "../ui/spinner.tsx";
import { formErrorFrom } from "./form-errors.ts";

export interface CategoryChoice {
  _id: string;
  name: string;
}

interface CategoryFieldProps {
  /** The chosen category's id; "" for none. */
  value: string;
  onChange: (categoryId: string) => void;
  error?: string;
  /** The categories offered, in the order shown. */
  choices: readonly CategoryChoice[];
  /** The label of the "none" choice. */
  noneLabel: string;
  /** The rule of a new category's name (the API's schema, so the messages are the server's). */
  nameSchema: z.ZodType<string>;
  /** Create it on the server; its refusal lands under the name. */
  create: (name: string) => Promise<CategoryChoice>;
  creating: boolean;
  /** Prefix of the test ids: `<testId>-category`, `-category-new`, `-category-name`, `-category-add`. */
  testId: string;
}

/**
 * A form's category: one of a list, or a new one typed in place, created and
 * then chosen (the prompt form, the module form). A category just created is
 * offered at once, before the live list brings it.
 */
export function CategoryField(props: CategoryFieldProps) {
  const { value, onChange, testId } = props;
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [added, setAdded] = useState<CategoryChoice[]>([]);
  const choices = [
    ...props.choices,
    ...added.filter((a) => !props.choices.some((c) => c._id === a._id)),
  ];

  const close = () => {
    setAdding(false);
    setName("");
    setNameError(undefined);
  };
  const add = async () => {
    const parsed = props.nameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const category = await props.create(parsed.data);
      setAdded((prev) => [...prev, category]);
      onChange(category._id);
      close();
    } catch (cause) {
      const errors = formErrorFrom<{ name: string }>(cause, ["name"]);
      setNameError(errors.name ?? errors.form);
    }
  };
  // Enter adds the category; it must not submit the form around it. Escape puts it away.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void add();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className="grid gap-2">
      <FormField
        label="Category"
        error={props.error}
        aside={
          adding ? undefined : (
            <button
              type="button"
              onClick={() => setAdding(true)}
              className="inline-flex items-center gap-1 text-muted-foreground text-xs hover:text-foreground"
              data-testid={`${testId}-category-new`}
            >
              <Plus className="size-3" aria-hidden />
              New category
            </button>
          )
        }
      >
        <select
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid={`${testId}-category`}
          className={selectClass}
        >
          <option value="">{props.noneLabel}</option>
          {choices.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
      </FormField>
      {adding ? (
        <div className="flex items-start gap-2">
          <FormField label="New category" error={nameError} className="flex-1">
            <Input
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
              onKeyDown={onKeyDown}
              autoFocus
              data-testid={`${testId}-category-name`}
            />
          </FormField>
          <div className="mt-6 flex gap-1">
            <Button
              type="button"
              size="sm"
              onClick={() => void add()}
              disabled={props.creating}
              data-testid={`${testId}-category-add`}
            >
              {props.creating ? <Spinner /> : null}
              Add
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
