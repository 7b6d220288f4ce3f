/** A demo request's fields as a visitor fills them in; the deal volume and the challenges are optional on the form. */
export type Lead = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  dealVolume?: string;
  challenges?: string;
};
