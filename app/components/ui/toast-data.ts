export type ToastData = {
  id: string;
  type: "info" | "success" | "error" | "warning";
  message: string;
  description?: string;
};

export type ShownToast = ToastData & { open: boolean };

export const toneClasses = {
  error: "border-red-700 bg-red-700 text-white",
  success: "border-slate-200 bg-white text-slate-900",
  info: "border-slate-200 bg-white text-slate-900",
  warning: "border-amber-300 bg-amber-50 text-slate-900",
} as const;
