import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/** The "Mobile Number" input of every form: international format, as the server requires. */
export const MobileNumberInput = forwardRef<HTMLInputElement, TextInputProps>(
  function MobileNumberInput(props, ref) {
    return (
      <TextInput
        ref={ref}
        label="Mobile Number"
        placeholder="+12125551212"
        type="tel"
        autoComplete="tel"
        description="International format, starting with + and the country code"
        {...props}
      />
    );
  },
);
