export default {
  plugins: { tailwindcss: {} },
};
