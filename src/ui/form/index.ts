export { Checkbox } from './Checkbox';
export { FormAlert } from './FormAlert';
export { PasswordField } from './PasswordField';
export { SelectField, type SelectOption } from './SelectField';
export { SubmitButton } from './SubmitButton';
export { TextArea } from './TextArea';
export { TextField, type TextFieldProps } from './TextField';
export { type BoundCheckbox, type BoundField, type Form, type FormOptions, type Rules, useForm } from './use-form';
