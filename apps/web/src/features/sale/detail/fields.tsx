/** The sale order forms' select and textarea are the kit's fields. */
export { SelectField } from '../../../components/ui/SelectField.tsx';
export { TextAreaField } from '../../../components/ui/TextAreaField.tsx';

/** Compact input height for the side forms (TextField's default is h-11). */
export const compactInput = '!h-10 text-sm';
