/** A labelled text input bound to react-hook-form, on React Aria's TextField (label, invalid state, error text). */
import { Controller, type Control, type FieldValues, type Path, type RegisterOptions } from 'react-hook-form';
import { FieldError, Input, Label, TextField } from 'react-aria-components';

interface Props<T extends FieldValues> {
  readonly control: Control<T>;
  readonly name: Path<T>;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'password';
  readonly autoComplete?: string;
  readonly rules?: Omit<RegisterOptions<T, Path<T>>, 'valueAsNumber' | 'valueAsDate' | 'setValueAs' | 'disabled'>;
}

export function FormTextField<T extends FieldValues>({ control, name, label, type = 'text', autoComplete, rules }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => (
        <TextField
          className="field"
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          type={type}
          autoComplete={autoComplete}
          isRequired={rules?.required !== undefined}
          isInvalid={fieldState.invalid}
          validationBehavior="aria"
        >
          <Label>{label}</Label>
          <Input ref={field.ref} />
          <FieldError>{fieldState.error?.message}</FieldError>
        </TextField>
      )}
    />
  );
}
