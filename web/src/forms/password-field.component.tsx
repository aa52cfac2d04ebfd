import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';

export interface PasswordFieldProps extends PasswordInputProps {
  ref?: Ref<HTMLInputElement>;
}

/**
 * A password input whose show/hide toggle is named without the word "password", so the field's label
 * ("Password", "New Password", "Confirm Password") is the only thing on the page that carries it.
 */
export function PasswordField(props: PasswordFieldProps) {
  return (
    <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }} {...props} />
  );
}
