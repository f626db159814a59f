/** The sale order forms' select and textarea are the kit's fields (their compact height too). */
export { compactInput, SelectField, TextAreaField } from '../../../components/ui/Field.tsx';
