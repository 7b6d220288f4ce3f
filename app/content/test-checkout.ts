/** What the test-mode checkout says after "Pay" or "Cancel", true to the order's state. */
export const testCheckoutCopy = {
  canceled: { message: "Order canceled", description: "No payment was taken. You can pick a plan again at any time." },
  alreadyCanceled: { message: "Order canceled", description: "This order was already canceled; no payment was taken." },
  paidCannotCancel: {
    message: "Order already paid",
    description: "This order is paid, so it can no longer be canceled.",
  },
  expiredCannotCancel: { message: "Order expired", description: "This order has expired; no payment was taken." },
  cannotPay: (status: string) => ({
    message: "Error",
    description: `This order is ${status} and can no longer be paid. Please start a new one.`,
  }),
} as const;
