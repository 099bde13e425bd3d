// Today's forms import their fields from here; the fields and the form helper live in ./form.
export { Checkbox, FormAlert, PasswordField, SelectField, SubmitButton, TextArea, TextField, useForm } from './form';
