import {
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { hasSavedUploadData } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { Screen } from '../../ui/Screen';
import { errorCode, fieldErrors, serverMessage } from './server-errors';
import { rememberSignedIn } from './signed-in';
import {
  EMPTY_SIGNUP_FORM,
  type SignupErrors,
  type SignupForm,
  signupErrorsFromServer,
  validateSignup,
} from './signup-form';

/** PRODUCT.md §8, signup alerts; one call does every step, so registering is the one that can fail. */
const REGISTER_FAILED = 'Error registering user';

type TextKey = {
  [K in keyof SignupForm]: SignupForm[K] extends string ? K : never;
}[keyof SignupForm];

/** /signup: the user and either a new company or the name of an existing one, in one call. */
export function SignupScreen() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [form, setForm] = useState<SignupForm>(EMPTY_SIGNUP_FORM);
  const [errors, setErrors] = useState<SignupErrors>({});

  const signup = useMutation(
    trpc.auth.signup.mutationOptions({
      onSuccess: (user) => {
        rememberSignedIn(user);
        // An upload chosen before logging in waits on /video/upload.
        navigate(hasSavedUploadData() ? '/video/upload' : '/');
      },
      onError: (failure) => {
        const message = serverMessage(failure, REGISTER_FAILED);
        const fromServer = signupErrorsFromServer(fieldErrors(failure), message);
        // 'Email is already taken' belongs next to the email.
        setErrors(errorCode(failure) === 'CONFLICT' ? { ...fromServer, email: message } : fromServer);
        notifications.show({ color: 'red', message: REGISTER_FAILED });
      },
    }),
  );

  const set =
    <K extends keyof SignupForm>(key: K) =>
    (value: SignupForm[K]) =>
      setForm((current) => ({ ...current, [key]: value }));
  /** The value and change handler of a text field of the form. */
  const textField = (key: TextKey) => ({
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key)(event.currentTarget.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSignup(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    signup.mutate(checked.input);
  };

  return (
    <Screen title="Sign Up" width="sm">
      <form onSubmit={submit} noValidate aria-label="Sign Up">
        <Stack gap="sm">
          <TextInput label="Name" autoComplete="name" {...textField('username')} error={errors.name} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...textField('email')}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            {...textField('password')}
            error={errors.password}
          />
          <PasswordInput
            label="Retype password"
            autoComplete="new-password"
            {...textField('passwordRetype')}
            error={errors.passwordmatch}
          />
          <Switch
            label="My company already has an account"
            description="We link you to it after checking your company's name."
            checked={form.existingCompany}
            onChange={(event) => set('existingCompany')(event.currentTarget.checked)}
            mt="xs"
          />
          {form.existingCompany ? (
            <TextInput
              label="Company name"
              description="The name of the company you want to join"
              {...textField('suggestion')}
              error={errors.suggestion}
            />
          ) : (
            <>
              <TextInput
                label="New company name"
                autoComplete="organization"
                {...textField('companyName')}
                error={errors.companyname}
              />
              <Textarea
                label="Company address"
                autoComplete="street-address"
                autosize
                minRows={3}
                {...textField('companyAddress')}
                error={Boolean(errors.companyname)}
              />
            </>
          )}
          <Checkbox
            label={
              <>
                I accept the{' '}
                <Anchor component={Link} to="/terms" target="_blank" inherit>
                  terms and conditions
                </Anchor>
              </>
            }
            checked={form.terms}
            onChange={(event) => set('terms')(event.currentTarget.checked)}
            error={errors.terms}
          />
          <FormFailure message={errors.general} />
          <Button type="submit" loading={signup.isPending}>
            Sign Up
          </Button>
        </Stack>
      </form>
      <Text size="sm">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Log In
        </Anchor>
      </Text>
    </Screen>
  );
}
