import { CheckCircleIcon } from "~/components/landing/icons";
import { RequestAnotherDemo } from "./request-another-demo";

export function RequestThankYou({ resetAction }: { resetAction: string }) {
  return (
    <div className="py-6 text-center" role="status">
      <CheckCircleIcon className="mx-auto text-brand-600" />
      <h3 className="mt-4 text-xl font-bold text-slate-900">Thank You for Your Demo Request!</h3>
      <p className="mt-2 text-slate-700">
        Our team will contact you within 24 hours to schedule your personalized demo.
      </p>
      <p className="mt-4 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-900">
        Expected response time: 2-4 hours during business days
      </p>
      <RequestAnotherDemo resetAction={resetAction} />
    </div>
  );
}
