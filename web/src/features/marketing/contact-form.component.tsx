import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import type { contactBody } from '@multimfa/api-contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { FormServerError } from '../../forms/form-server-error.component';
import { fieldProps, serverError, setServerError, useZodForm } from '../../forms/use-zod-form';
import { notify } from '../../notify/notify';

export const CONTACT_SENT_MESSAGE = 'Thank you, your message was sent. We will reply by e-mail.';
const CONTACT_FAILED_MESSAGE = 'Your message could not be sent. Please try again.';

type ContactBody = typeof contactBody._zod.output;

/** The contract and zod load on the first submit, not with the landing page. */
const loadContract = () => import('@multimfa/api-contract');
const loadContactBody = async () => (await loadContract()).contactBody;

/** Name, Email, Message and Submit: POST /api/contact, which stores it and e-mails it to support. */
export function ContactForm() {
  const form = useZodForm(loadContactBody, { defaultValues: { name: '', email: '', message: '' } });
  const send = useMutation({
    mutationFn: async (body: ContactBody) => api.data((await loadContract()).sendContactMessage, { body }),
  });

  const submit = form.handleSubmit((values) => {
    form.clearErrors('root.server');
    send.mutate(values, {
      onSuccess: () => {
        form.reset();
        notify.success(CONTACT_SENT_MESSAGE);
      },
      onError: (error) =>
        setServerError(
          form,
          error instanceof ApiError && error.hasServerMessage ? error.message : CONTACT_FAILED_MESSAGE,
        ),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contact us">
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="Please enter your name"
          autoComplete="name"
          {...fieldProps(form, 'name')}
        />
        <TextInput
          label="Email"
          type="email"
          placeholder="Please enter your email"
          autoComplete="email"
          {...fieldProps(form, 'email')}
        />
        <Textarea
          label="Message"
          placeholder="Please enter your message"
          rows={4}
          resize="vertical"
          {...fieldProps(form, 'message')}
        />
        <FormServerError message={serverError(form)} />
        <Button type="submit" loading={send.isPending} w="fit-content">
          Submit
        </Button>
      </Stack>
    </form>
  );
}
