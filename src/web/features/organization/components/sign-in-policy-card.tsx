import { useQuery } from "@tanstack/react-query";
import LockKeyhole from "lucide-react/icons/lock-keyhole";
import { useEffect, useState } from "react";
import * as signInPolicyApi from "#shared/api/sign-in-policy.ts";
import type { Role } from "#shared/constants.ts";
import { emailDomainSchema, type SignInPolicy } from "#shared/schemas/sign-in-policy.ts";
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
import { useLiveMutation } from "../../../lib/sync/mutations.ts";
import { signInPolicyOptions } from "../api/sign-in-policy-queries.ts";
import { selectClass } from "./select-styles.ts";

/** How members sign in (admins): allowed domains for single sign-on, its default role, requirements. */
export function SignInPolicyCard() {
  const policy = useQuery(signInPolicyOptions());
  return (
    <Card role="region" aria-labelledby="sign-in-policy-title" data-testid="sign-in-policy">
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-lg border bg-primary/10 text-primary">
            <LockKeyhole aria-hidden="true" className="size-5" />
          </span>
          <div>
            <CardTitle id="sign-in-policy-title">Sign-in</CardTitle>
            <CardDescription>
              Single sign-on with your identity provider, and what members must use.
            </CardDescription>
          </div>
        </div>
      </CardHeader>
      {policy.data ? (
        <PolicyForm policy={policy.data} />
      ) : (
        <CardContent>
          <Spinner />
        </CardContent>
      )}
    </Card>
  );
}

function PolicyForm({ policy }: { policy: SignInPolicy }) {
  const update = useLiveMutation(signInPolicyApi.update, { showErrorToast: false });
  const [domains, setDomains] = useState(policy.allowedDomains.join(", "));
  const [defaultRole, setDefaultRole] = useState<Role>(policy.defaultRole);
  const [requireSso, setRequireSso] = useState(policy.requireSso);
  const [requireTwoFactor, setRequireTwoFactor] = useState(policy.requireTwoFactor);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setDomains(policy.allowedDomains.join(", "));
    setDefaultRole(policy.defaultRole);
    setRequireSso(policy.requireSso);
    setRequireTwoFactor(policy.requireTwoFactor);
  }, [policy]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const list = domains
      .split(/[\s,;]+/)
      .map((d) => d.trim().replace(/^@/, ""))
      .filter(Boolean);
    for (const domain of list) {
      const parsed = emailDomainSchema.safeParse(domain);
      if (!parsed.success) {
        setError(`${domain}: ${parsed.error.issues[0]?.message ?? "not a domain"}`);
        return;
      }
    }
    setError(undefined);
    try {
      await update.mutateAsync({
        allowedDomains: list.map((d) => d.toLowerCase()),
        defaultRole,
        requireSso,
        requireTwoFactor,
      });
      toast({ title: "Sign-in settings saved", variant: "success" });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <form onSubmit={save} noValidate>
      <CardContent className="grid gap-5">
        <p className="text-muted-foreground text-sm" data-testid="sso-providers-configured">
          {policy.ssoConfigured
            ? `Single sign-on on this server: ${policy.providers.join(", ")}.`
            : "No single sign-on provider is configured on this server (see docs/operations.md, Single sign-on)."}
        </p>
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <FormField
            label="Allowed email domains"
            error={error}
            description="People with a verified address at these domains get an account at their first single sign-on. Others need an invitation."
          >
            <Input
              value={domains}
              onChange={(event) => {
                setDomains(event.target.value);
                setError(undefined);
              }}
              placeholder="example.com, example.org"
              disabled={update.isPending}
              data-testid="sign-in-domains"
            />
          </FormField>
          <FormField label="Their role">
            <select
              className={selectClass("w-full")}
              value={defaultRole}
              onChange={(event) => setDefaultRole(event.target.value as Role)}
              disabled={update.isPending}
              data-testid="sign-in-default-role"
            >
              <option value="Member">Member</option>
              <option value="OrganizationAdmin">Organization admin</option>
            </select>
          </FormField>
        </div>
        <Toggle
          checked={requireSso}
          onChange={setRequireSso}
          disabled={update.isPending || (!policy.ssoConfigured && !requireSso)}
          label="Require single sign-on"
          description="Members can no longer sign in with a password or an emailed code. Superadmins keep their password as a way in."
          testId="sign-in-require-sso"
        />
        <Toggle
          checked={requireTwoFactor}
          onChange={setRequireTwoFactor}
          disabled={update.isPending}
          label="Require two-factor authentication"
          description="Members who sign in with a password or an emailed code set up an authenticator app at their next sign-in, and cannot turn it off."
          testId="sign-in-require-two-factor"
        />
      </CardContent>
      <CardFooter className="justify-end">
        <Button type="submit" disabled={update.isPending} data-testid="sign-in-policy-save">
          {update.isPending ? <Spinner /> : null}
          Save sign-in settings
        </Button>
      </CardFooter>
    </form>
  );
}

function Toggle(props: {
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
  label: string;
  description: string;
  testId: string;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border p-3.5 has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-[var(--primary)]"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
        data-testid={props.testId}
      />
      <span className="grid gap-0.5">
        <span className="font-medium text-sm">{props.label}</span>
        <span className="text-muted-foreground text-[13px]">{props.description}</span>
      </span>
    </label>
  );
}
