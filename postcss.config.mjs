// The site's light and dark themes: every `@media (prefers-color-scheme: dark)` block of the
// stylesheets is copied by postcss-dark-theme-class to apply also under `html.is-dark`, and kept
// under the media query only while `html` is not `.is-light`. So the book follows the system
// until the reader picks a theme with the header's switch (Base.astro), which sets the class
// before the first paint.
import darkThemeClass from 'postcss-dark-theme-class';

export default {
  plugins: [darkThemeClass({ darkSelector: '.is-dark', lightSelector: '.is-light' })],
};
