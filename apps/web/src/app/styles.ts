// The styles every first screen needs (sign-in, offline state, loaders): the kit's tokens and baseline. Each
// kit component brings its own stylesheet with its module, so a screen loads the CSS of the parts it shows
// (issue 21). The routed console's own rules and the palette come with it (consoleStyles.ts).
import '../ui/kit/base.css';
import '../ui/kit/tokens.css';
