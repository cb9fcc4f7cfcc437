import { Link } from "@tanstack/react-router";
import Sparkles from "lucide-react/icons/sparkles";
import Workflow from "lucide-react/icons/workflow";
import { type FormEvent, useRef, useState } from "react";
import { slugify } from "#shared/rules/slug.ts";
import type { AdminModule, ModuleKind } from "#shared/schemas/module.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { SegmentedControl } from "../../../components/ui/segmented-control.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { useCreateModule, useUpdateModule } from "../hooks/use-module-mutations.ts";
import { FormSection } from "./form-section.tsx";
import { ModuleCategoryField } from "./module-category-field.tsx";
import { moduleFormErrorsFrom } from "./module-form-errors.ts";
import {
  initialFormValues,
  type ModuleFormErrors,
  type ModuleFormValues,
  toModuleArgs,
  validateModuleForm,
} from "./module-form-values.ts";
import { ModuleIconPicker } from "./module-icon-picker.tsx";
import { ModuleInputsEditor } from "./module-inputs-editor.tsx";
import { ModuleOrganizationsField } from "./module-organizations-field.tsx";
import { PromptTemplateField } from "./prompt-template-field.tsx";
import { SlugField } from "./slug-field.tsx";

const KIND_OPTIONS = [
  { value: "webhook", label: "Automation webhook", icon: Workflow, testId: "module-kind-webhook" },
  { value: "builtin", label: "Built-in", icon: Sparkles, testId: "module-kind-builtin" },
] as const;

export interface SavedModule {
  module: AdminModule;
  webhookSecret: string | null;
}

interface ModuleFormProps {
  /** The module to edit; absent for a new one. */
  module?: AdminModule;
  onSaved: (saved: SavedModule) => void;
}

/** /admin/modules/new and /{moduleId}/edit: SPEC 3's fields and 5's messages, and the rest. */
export function ModuleForm({ module, onSaved }: ModuleFormProps) {
  const create = useCreateModule();
  const update = useUpdateModule();
  const [values, setValues] = useState<ModuleFormValues>(() => initialFormValues(module));
  const [errors, setErrors] = useState<ModuleFormErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // A new module's slug follows its name until the slug is edited.
  const [slugEdited, setSlugEdited] = useState(module !== undefined);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof ModuleFormValues>(key: K, value: ModuleFormValues[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => {
      const next = Object.fromEntries(
        Object.entries(prev).filter(([path]) => path !== key && !path.startsWith(`${key}.`)),
      );
      delete next.form;
      return next;
    });
  };
  const setName = (name: string) => {
    set("name", name);
    if (!slugEdited) {
      setValues((prev) => ({ ...prev, name, slug: slugify(name, "") }));
      setErrors(({ slug: _slug, ...rest }) => rest);
    }
  };

  const showErrors = (next: ModuleFormErrors) => {
    setErrors(next);
    // Bring the first field with an error into view once it is drawn.
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const invalid = validateModuleForm(values);
    if (Object.keys(invalid).length > 0) {
      showErrors(invalid);
      return;
    }
    setSubmitting(true);
    try {
      const args = toModuleArgs(values);
      const saved = module
        ? await update.mutateAsync({ ...args, moduleId: module._id })
        : await create.mutateAsync(args);
      onSaved(saved);
    } catch (error) {
      showErrors(moduleFormErrorsFrom(error));
    } finally {
      setSubmitting(false);
    }
  };

  const webhook = values.kind === "webhook";
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="grid gap-6"
      data-testid="module-form"
    >
      {errors.form ? (
        <Alert variant="error" data-testid="module-form-error">
          {errors.form}
        </Alert>
      ) : null}
      <FormSection title="Basics" description="What members see in the catalogue.">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Name" error={errors.name}>
            <Input
              value={values.name}
              onChange={(e) => setName(e.target.value)}
              autoFocus={!module}
              data-testid="module-form-name"
            />
          </FormField>
          <SlugField
            value={values.slug}
            onChange={(slug) => {
              setSlugEdited(true);
              set("slug", slug);
            }}
            error={errors.slug}
            moduleId={module?._id}
          />
        </div>
        <FormField label="Description" error={errors.description}>
          <Textarea
            value={values.description}
            onChange={(e) => set("description", e.target.value)}
            rows={3}
            placeholder="What the module does and what a member gets from it"
            data-testid="module-form-description"
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <ModuleCategoryField
            value={values.categoryId}
            onChange={(categoryId) => set("categoryId", categoryId)}
            error={errors.categoryId}
          />
          <FormField
            label="Estimated time (minutes)"
            error={errors.estimatedTimeMinutes}
            description="Shown to members as “≈ N min”"
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              value={values.estimatedTimeMinutes}
              onChange={(e) => set("estimatedTimeMinutes", e.target.value)}
              data-testid="module-form-time"
            />
          </FormField>
        </div>
        <ModuleIconPicker value={values.icon} onChange={(icon) => set("icon", icon)} />
        <label className="flex w-fit items-start gap-2.5 text-sm">
          <input
            type="checkbox"
            checked={values.isActive}
            onChange={(e) => set("isActive", e.target.checked)}
            className="mt-0.5 size-4 accent-primary"
            data-testid="module-form-active"
          />
          <span>
            <span className="font-medium">Active</span>
            <span className="block text-muted-foreground text-xs">
              Members see and run only active modules.
            </span>
          </span>
        </label>
      </FormSection>

      <FormSection
        title="How it runs"
        description="An automation reached by a signed webhook (n8n or any service), or a prompt run by a model here."
      >
        <SegmentedControl
          label="Kind"
          value={values.kind}
          options={KIND_OPTIONS}
          onValueChange={(kind: ModuleKind) => set("kind", kind)}
          className="w-full sm:w-[26rem]"
        />
        {webhook ? (
          <div className="grid gap-5">
            <FormField
              label="Endpoint URL"
              error={errors.endpointUrl}
              description="The server posts each run's inputs and documents here."
            >
              <Input
                type="url"
                value={values.endpointUrl}
                onChange={(e) => set("endpointUrl", e.target.value)}
                placeholder="https://n8n.example.com/webhook/…"
                spellCheck={false}
                className="font-mono text-[13px]"
                data-testid="module-form-endpoint"
              />
            </FormField>
            <FormField
              label="n8n workflow id"
              error={errors.n8nWorkflowId}
              description="Optional; sent with each run so one webhook can serve several workflows."
            >
              <Input
                value={values.n8nWorkflowId}
                onChange={(e) => set("n8nWorkflowId", e.target.value)}
                spellCheck={false}
                className="font-mono text-[13px]"
                data-testid="module-form-workflow"
              />
            </FormField>
            {module?.kind !== "webhook" ? (
              <p className="text-muted-foreground text-xs">
                Saving creates the webhook's signing secret; it is shown once.
              </p>
            ) : null}
          </div>
        ) : (
          <PromptTemplateField
            template={values.promptTemplate}
            onTemplateChange={(template) => set("promptTemplate", template)}
            modelId={values.modelId}
            onModelChange={(modelId) => set("modelId", modelId)}
            keys={values.inputs.map((input) => input.key)}
            errors={{ template: errors.promptTemplate, model: errors.modelId }}
          />
        )}
      </FormSection>

      <FormSection
        title="Inputs"
        description="What a member gives each run: text, a choice, a date, a number, or documents from their dossier."
      >
        <ModuleInputsEditor
          inputs={values.inputs}
          onChange={(inputs) => set("inputs", inputs)}
          errors={errors}
        />
      </FormSection>

      <FormSection title="Availability">
        <ModuleOrganizationsField
          value={values.organizationIds}
          onChange={(ids) => set("organizationIds", ids)}
          error={errors.organizationIds}
        />
      </FormSection>

      <FormSection title="For administrators" description="Members never see these notes.">
        <FormField label="Technical notes" error={errors.technicalNotes}>
          <Textarea
            value={values.technicalNotes}
            onChange={(e) => set("technicalNotes", e.target.value)}
            rows={4}
            data-testid="module-form-notes"
          />
        </FormField>
      </FormSection>

      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" asChild>
          {module ? (
            <Link to="/admin/modules/$moduleId" params={{ moduleId: module._id }}>
              Cancel
            </Link>
          ) : (
            <Link to="/admin/modules">Cancel</Link>
          )}
        </Button>
        <Button type="submit" disabled={submitting} data-testid="module-form-submit">
          {submitting ? <Spinner /> : null}
          {module ? "Save changes" : "Create module"}
        </Button>
      </div>
    </form>
  );
}
