export function NotFound() {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-slate-50 px-6">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="28"
            height="28"
            fill="none"
            stroke="#b91c1c"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="10" />
            <path d="M12 7v6M12 16.5v.5" />
          </svg>
          404 Page Not Found
        </h1>
        <p className="mt-4 text-sm text-slate-700">Did you forget to add the page to the router?</p>
        <p className="mt-6">
          <a href="/" className="font-semibold text-brand-700 underline">
            Go to the home page
          </a>
        </p>
      </div>
    </main>
  );
}
