// The spec's error catalogue (section 8); the browser shows these itself when no answer of ours arrives.

export type Notice = { message: string; description: string };

export const demoFailureNotice: Notice = {
  message: "Error",
  description: "Failed to submit demo request. Please try again.",
};

export const paymentFailureNotice: Notice = {
  message: "Error",
  description: "Failed to initialize payment. Please try again.",
};

/** Title of the notice for a submission the server refused (its message is the description). */
export const refusalTitle = "Error";

export const adminSignInFailure = "Sign-in failed: the server did not answer. Please try again.";
