import type { LoaderFunctionArgs } from "@remix-run/node";
import { demoCalendarFile } from "~/services/demo/calendar-file.server";

/** /demo/booking/<manage token>.ics; the token itself contains a dot. */
export async function loader({ params }: LoaderFunctionArgs) {
  return demoCalendarFile(params.file);
}
